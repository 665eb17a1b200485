package skullking

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// inlineClaims are the functions comments say the compiler inlines, with
// the functions they are said to be inlined into: every call to fn in each
// of those must be inlined. pgo marks what only the profile-guided build
// inlines (cmd/skullking's default.pgo, which go build of the skullking
// binary uses): there the compiler's budget for hot calls is far above its
// default, and an interface call the profile sees going to one type is
// made directly to it. A claim that fails here has either lost its truth
// (a change, or a remade profile) or was never true: fix the code or the
// comment.
var inlineClaims = []struct {
	fn   string   // as the compiler prints it, package-qualified outside the package
	pgo  bool     // checked with the profile
	into []string // "file function" of each caller whose calls must be inlined
}{
	// rng.go: "written as one loop, IntN inlines".
	{fn: "(*Rand).IntN"},
	// score.go: "small enough to be inlined where every trick is resolved".
	{fn: "(*Options).CaptureBonus", into: []string{"trick.go (*trickStats).resolve", "trick.go ResolveTrick"}},
	// cardset.go: inlined where the random bot draws, with the profile.
	{fn: "CardSet.Nth", pgo: true, into: []string{"bot/random.go (*Random).Act"}},
	// bot/random.go: Act inlined where the arena asks for it, with the
	// profile (the call is through the bot.Bot interface).
	{fn: "(*Random).Act", pgo: true, into: []string{"arena/worker.go (*worker).act"}},
	// game.go: Apply inlined where the arena applies a decision, with the
	// profile.
	{fn: "(*Game).Apply", pgo: true, into: []string{"arena/worker.go (*worker).act"}},
}

// TestInliningClaims builds the engine, the bots and the arena with the
// compiler's -m report, with and without the profile, and checks each claim.
// Only these three packages compile (their dependencies come from the build
// cache), which keeps it to a few seconds.
func TestInliningClaims(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine, the bots and the arena twice with the compiler's report: the full suite runs it")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		goCmd = filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := os.Stat(goCmd); err != nil {
			t.Skip("no go command to build with -gcflags=-m, which this test reads")
		}
	}
	// The go command caches a compile by its flags, not by the files a
	// flag names: the profile goes to the compiler under a name that is
	// its content's hash, so that a remade profile is read.
	data, err := os.ReadFile(filepath.Join("cmd", "skullking", "default.pgo"))
	if err != nil {
		t.Fatalf("the profile: %v", err)
	}
	profile := filepath.Join(os.TempDir(), fmt.Sprintf("skullking-%x.pgo", sha256.Sum256(data)))
	if _, err := os.Stat(profile); err != nil {
		// Written whole under another name first: another test run may be
		// reading it.
		tmp := filepath.Join(t.TempDir(), "default.pgo")
		if err := os.WriteFile(tmp, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, profile); err != nil {
			t.Fatal(err)
		}
	}
	report := func(flags string) []string {
		// The profile is handed to the compiler of these packages only
		// (-pgoprofile): go build -pgo would rebuild every dependency with it.
		cmd := exec.Command(goCmd, "build", "-gcflags=github.com/skullking-go/skullking/...="+flags, ".", "./bot", "./arena")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			t.Skipf("cannot build with -gcflags=%s: %v\n%s", flags, err, out.Bytes())
		}
		var lines []string
		for _, l := range strings.Split(out.String(), "\n") {
			lines = append(lines, strings.TrimPrefix(l, "./"))
		}
		return lines
	}
	plain := report("-m")
	guided := report("-m -pgoprofile=" + profile)

	for _, c := range inlineClaims {
		lines, build := plain, "the default build"
		if c.pgo {
			lines, build = guided, "the profile-guided build"
		}
		name := c.fn[strings.LastIndex(c.fn, ".")+1:] // the method's name
		if !hasLine(lines, func(l string) bool {
			_, msg, ok := strings.Cut(l, ": can inline ")
			return ok && (msg == c.fn || strings.HasPrefix(msg, c.fn+" "))
		}) {
			t.Errorf("%s: the compiler cannot inline %s", build, c.fn)
			continue
		}
		for _, at := range c.into {
			file, fn, _ := strings.Cut(at, " ")
			calls := callLines(t, file, fn, name)
			if len(calls) == 0 {
				t.Errorf("%s calls no %s: the claim names the wrong caller", at, name)
			}
			for _, line := range calls {
				prefix := file + ":" + strconv.Itoa(line) + ":"
				if !hasLine(lines, func(l string) bool {
					_, callee, ok := strings.Cut(l, ": inlining call to ")
					return strings.HasPrefix(l, prefix) && ok && (callee == c.fn || strings.HasSuffix(callee, "."+c.fn))
				}) {
					t.Errorf("%s: %s does not inline its call to %s at %s", build, fn, c.fn, prefix)
				}
			}
		}
	}
}

func hasLine(lines []string, match func(string) bool) bool {
	for _, l := range lines {
		if match(l) {
			return true
		}
	}
	return false
}

// callLines returns the lines of file where function fn ("(*T).M", "T.M" or
// "F") calls a method or function named name.
func callLines(t *testing.T, file, fn, name string) []int {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || funcName(fd) != fn {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == name {
					lines = append(lines, fset.Position(sel.Sel.Pos()).Line)
				}
			}
			return true
		})
	}
	return lines
}

// funcName names a declared function as the compiler does.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	switch r := fd.Recv.List[0].Type.(type) {
	case *ast.StarExpr:
		if id, ok := r.X.(*ast.Ident); ok {
			return "(*" + id.Name + ")." + fd.Name.Name
		}
	case *ast.Ident:
		return r.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}
