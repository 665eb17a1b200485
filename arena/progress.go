package arena

import (
	"fmt"
	"strings"
	"time"
)

// progress starts the progress line, if one is wanted, and returns the
// function that stops it and erases it.
func (r *run) progress(start time.Time, total int64) (stop func()) {
	w := r.cfg.Progress
	if w == nil {
		return func() {}
	}
	every := r.cfg.ProgressEvery
	if every <= 0 {
		every = 250 * time.Millisecond
	}
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(every)
		defer tick.Stop()
		width := 0
		for {
			select {
			case <-quit:
				if width > 0 {
					fmt.Fprint(w, "\r"+strings.Repeat(" ", width)+"\r")
				}
				return
			case now := <-tick.C:
				line := progressLine(r.done.Load(), total, now.Sub(start))
				pad := ""
				if len(line) < width {
					pad = strings.Repeat(" ", width-len(line))
				}
				width = max(width, len(line))
				fmt.Fprint(w, "\r"+line+pad)
			}
		}
	}()
	return func() {
		close(quit)
		<-done
	}
}

// progressLine is "1200/2000 games  4815 games/s  ETA 0:03".
func progressLine(done, total int64, elapsed time.Duration) string {
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(done) / s
	}
	eta := "?"
	if rate > 0 {
		eta = clock(time.Duration(float64(total-done) / rate * float64(time.Second)))
	}
	return fmt.Sprintf("%d/%d games  %.0f games/s  ETA %s", done, total, rate, eta)
}

// clock writes a duration as h:mm:ss or m:ss.
func clock(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
