//go:build ignore

// Genicons draws the site's icons for the web app manifest and the home
// screens that do not take an SVG: the crown of assets/icon.svg, gold on
// the dark sea of style.css, as PNGs in static/assets/. `go generate
// ./internal/web` runs it; TestIconsAreUpToDate draws them again into a
// temporary directory and fails when a committed one differs.
//
// The standard library alone draws them: each pixel is the average of a
// grid of samples, each sample the colour of the topmost shape under it,
// which smooths the edges as an antialiased renderer would, with no
// dependency and the same pixels on any machine.
package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"log"
	"math"
	"os"
	"path/filepath"
)

// The colours of style.css's dark theme, the site's own: --sea and --gold.
var (
	sea  = color.RGBA{0x0b, 0x1d, 0x2a, 0xff}
	gold = color.RGBA{0xff, 0xcf, 0x5c, 0xff}
)

// The crown of assets/icon.svg, in its 64-unit square: the points of its
// outline and the band under it.
var (
	crown = [][2]float64{{6, 22}, {18, 34}, {32, 12}, {46, 34}, {58, 22}, {54, 50}, {10, 50}}
	band  = roundRect{x0: 10, y0: 50, x1: 54, y1: 57, r: 2}
)

// icon is one file to draw: its size in pixels and whether it bleeds to the
// edges. A maskable icon (and Apple's, whose corners iOS rounds itself) is
// a full square whose crown stays inside the safe zone, the centred circle
// of 40% of the size's radius that every launcher's mask keeps; the others
// are the SVG as it is, its rounded corners transparent.
type icon struct {
	name  string
	size  int
	bleed bool
}

var icons = []icon{
	{"icon-192.png", 192, false},
	{"icon-512.png", 512, false},
	{"icon-maskable-512.png", 512, true},
	{"apple-touch-icon.png", 180, true},
}

// samples is the side of the grid of samples each pixel averages.
const samples = 8

func main() {
	out := flag.String("out", filepath.Join("static", "assets"), "the directory the icons are written to")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("genicons: ")
	for _, ic := range icons {
		f, err := os.Create(filepath.Join(*out, ic.name))
		if err != nil {
			log.Fatal(err)
		}
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(f, draw(ic)); err != nil {
			log.Fatal(err)
		}
		if err := f.Close(); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: %d×%d\n", ic.name, ic.size, ic.size)
	}
}

// draw paints one icon.
func draw(ic icon) *image.NRGBA {
	s := float64(ic.size)
	// toUnits maps a point of the image to the SVG's 64-unit square.
	scale, cx, cy := s/64, 32.0, 32.0
	if ic.bleed {
		// The crown's farthest point from its centre (32, 34.5) is a corner
		// of the band, 31.5 units away: it lands on 39% of the size, inside
		// the safe zone's 40%.
		scale, cy = s*0.39/31.5, 34.5
	}
	toUnits := func(x, y float64) (float64, float64) {
		return cx + (x-s/2)/scale, cy + (y-s/2)/scale
	}
	background := roundRect{x0: 0, y0: 0, x1: 64, y1: 64, r: 12}
	img := image.NewNRGBA(image.Rect(0, 0, ic.size, ic.size))
	for py := range ic.size {
		for px := range ic.size {
			var r, g, b, a float64
			for sy := range samples {
				for sx := range samples {
					x := float64(px) + (float64(sx)+0.5)/samples
					y := float64(py) + (float64(sy)+0.5)/samples
					ux, uy := toUnits(x, y)
					var c color.RGBA
					switch {
					case inPolygon(crown, ux, uy) || band.contains(ux, uy):
						c = gold
					case ic.bleed || background.contains(ux, uy):
						c = sea
					default:
						continue // transparent
					}
					// Summed premultiplied, so that a transparent sample
					// adds no colour to the edge.
					r, g, b, a = r+float64(c.R), g+float64(c.G), b+float64(c.B), a+255
				}
			}
			if a == 0 {
				continue
			}
			n := float64(samples * samples)
			img.SetNRGBA(px, py, color.NRGBA{
				R: uint8(math.Round(r * 255 / a)), G: uint8(math.Round(g * 255 / a)), B: uint8(math.Round(b * 255 / a)),
				A: uint8(math.Round(a / n)),
			})
		}
	}
	return img
}

// roundRect is a rectangle with rounded corners of radius r.
type roundRect struct{ x0, y0, x1, y1, r float64 }

func (q roundRect) contains(x, y float64) bool {
	if x < q.x0 || x > q.x1 || y < q.y0 || y > q.y1 {
		return false
	}
	// The nearest point of the rectangle shrunk by r: within r of it.
	nx := math.Max(q.x0+q.r, math.Min(x, q.x1-q.r))
	ny := math.Max(q.y0+q.r, math.Min(y, q.y1-q.r))
	return math.Hypot(x-nx, y-ny) <= q.r
}

// inPolygon reports whether (x, y) is inside the polygon, by the even-odd
// rule: a ray from the point crosses its outline an odd number of times.
func inPolygon(pts [][2]float64, x, y float64) bool {
	in := false
	for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
		xi, yi, xj, yj := pts[i][0], pts[i][1], pts[j][0], pts[j][1]
		if (yi > y) != (yj > y) && x < xi+(y-yi)*(xj-xi)/(yj-yi) {
			in = !in
		}
	}
	return in
}
