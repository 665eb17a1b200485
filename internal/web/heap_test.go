package web

import (
	"mime"
	"runtime"
	"testing"

	"github.com/skullking-go/skullking/internal/heaptest"
	"github.com/skullking-go/skullking/locale"
)

// siteHeapBudget bounds what a handler keeps on the heap. It kept a copy
// of every embedded file, 2.9 MB, for the process's life; the files are
// served from the binary now, and what is left is the handler's index of
// them and the service worker's script (47 KB). Nor does building it
// leave every language parsed in the catalogue it serves (4.3 MB more):
// the release and the list of languages read a copy (locale.Copy).
const siteHeapBudget = 256 << 10

// TestTheSiteKeepsNoCopyOfItsFiles builds the handler and reads the heap
// it holds once garbage is collected.
func TestTheSiteKeepsNoCopyOfItsFiles(t *testing.T) {
	// The catalogue and the table of types are the process's, not the
	// handler's: they are loaded before the count.
	cat := locale.Default()
	mime.TypeByExtension(".js")
	before := heaptest.Live()
	h := HandlerWith(cat)
	after := heaptest.Live()
	runtime.KeepAlive(h)
	held := after - before
	t.Logf("the handler holds %d bytes", held)
	if held > siteHeapBudget {
		t.Errorf("the handler holds %d bytes on the heap, want at most %d", held, siteHeapBudget)
	}
}
