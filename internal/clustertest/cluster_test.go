package clustertest

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// cluster is a cluster that scripts/cluster runs for one test, in a
// directory of its own.
type cluster struct {
	t      testing.TB
	script string
	dir    string
	lease  time.Duration

	mu    sync.Mutex
	nodes map[string]node
	names []string // in the order `up` printed them
}

// node is one `skullking serve` process, as scripts/cluster prints it.
type node struct {
	name string
	url  string
	pid  int
}

// startCluster runs `scripts/cluster up n` with the given lease and extra
// serve flags, and `scripts/cluster down` when the test ends, however it
// ends; a failed test first prints the end of every node's log.
func startCluster(t testing.TB, n int, lease time.Duration, flags ...string) *cluster {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	// Not t.TempDir: the postgres system user must reach the cluster's
	// PostgreSQL through this directory, and t.TempDir's parent is private.
	dir, err := os.MkdirTemp("", "skullking-chaos-")
	if err != nil {
		t.Fatal(err)
	}
	c := &cluster{t: t, script: filepath.Join(root, "scripts", "cluster"), dir: dir, lease: lease,
		nodes: map[string]node{}}
	t.Setenv("SKULLKING_CLUSTER_DIR", dir)
	t.Setenv("SKULLKING_CLUSTER_LEASE", lease.String())
	t.Setenv("SKULLKING_CLUSTER_FLAGS", strings.Join(flags, " "))
	t.Cleanup(func() {
		c.checkNoPanic()
		if t.Failed() {
			c.logTails(40)
		}
		if _, err := c.run("down"); err != nil {
			t.Errorf("scripts/cluster down: %v", err)
		}
		_ = os.RemoveAll(dir)
	})
	out, err := c.run("up", strconv.Itoa(n))
	if err != nil {
		t.Fatalf("scripts/cluster up %d: %v", n, err)
	}
	for _, nd := range c.parse(t, out) {
		c.nodes[nd.name] = nd
		c.names = append(c.names, nd.name)
	}
	if len(c.names) != n {
		t.Fatalf("scripts/cluster up %d printed %d nodes:\n%s", n, len(c.names), out)
	}
	return c
}

// run runs one command of scripts/cluster and returns its stdout; the
// error holds its stderr.
func (c *cluster) run(args ...string) (string, error) {
	cmd := exec.Command(c.script, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return string(out), fmt.Errorf("%v\n%s", err, stderr.String())
	}
	return string(out), nil
}

// parse reads `node NAME URL PID` lines, the only lines the script prints
// on stdout.
func (c *cluster) parse(t testing.TB, out string) []node {
	t.Helper()
	var nodes []node
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 4 || f[0] != "node" {
			t.Fatalf("scripts/cluster printed %q, not a node line", sc.Text())
		}
		pid, err := strconv.Atoi(f[3])
		if err != nil || pid <= 0 || !strings.HasPrefix(f[2], "http://") {
			t.Fatalf("scripts/cluster printed %q, not a node line", sc.Text())
		}
		nodes = append(nodes, node{name: f[1], url: f[2], pid: pid})
	}
	return nodes
}

// node is the node named name.
func (c *cluster) node(name string) node {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.nodes[name]
}

// url is the address of the k-th node (mod the cluster's size); a node
// keeps its address across a restart, as a client expects.
func (c *cluster) url(k int) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.nodes[c.names[k%len(c.names)]].url
}

// storeURL is the cluster's PostgreSQL, from `scripts/cluster env`.
func (c *cluster) storeURL() string {
	c.t.Helper()
	out, err := c.run("env")
	if err != nil {
		c.t.Fatalf("scripts/cluster env: %v", err)
	}
	for _, line := range strings.Split(out, "\n") {
		if u, ok := strings.CutPrefix(line, "store "); ok {
			return strings.TrimSpace(u)
		}
	}
	c.t.Fatalf("scripts/cluster env printed no store line:\n%s", out)
	return ""
}

// kill sends SIGKILL to node name and returns when the process is gone,
// with the moment of the kill: from then on it writes nothing more.
func (c *cluster) kill(name string) (time.Time, error) {
	nd := c.node(name)
	at := time.Now()
	if err := syscall.Kill(nd.pid, syscall.SIGKILL); err != nil {
		return at, fmt.Errorf("kill -9 %s (pid %d): %w", name, nd.pid, err)
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if !alive(nd.pid) {
			return at, nil
		}
	}
	return at, fmt.Errorf("%s (pid %d) still runs 10s after kill -9", name, nd.pid)
}

// alive reports whether process pid exists and is not a zombie: the node
// is not this process's child, and its parent may reap it late.
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	// The state follows the command's name in parentheses, which may hold
	// spaces.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// start starts node name again on its old port with `scripts/cluster
// start`, as a supervisor would after a crash.
func (c *cluster) start(name string) error {
	out, err := c.run("start", name)
	if err != nil {
		return fmt.Errorf("scripts/cluster start %s: %v", name, err)
	}
	nodes := c.parse(c.t, out)
	if len(nodes) != 1 || nodes[0].name != name {
		return fmt.Errorf("scripts/cluster start %s printed %q", name, out)
	}
	c.mu.Lock()
	c.nodes[name] = nodes[0]
	c.mu.Unlock()
	return nil
}

// logTails prints the last lines of every node's log.
func (c *cluster) logTails(lines int) {
	c.mu.Lock()
	names := append([]string(nil), c.names...)
	c.mu.Unlock()
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join(c.dir, name+".log"))
		if err != nil {
			c.t.Logf("%s's log: %v", name, err)
			continue
		}
		all := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
		c.t.Logf("the last %d lines of %s's log:\n%s", lines, name, strings.Join(all[max(0, len(all)-lines):], "\n"))
	}
}

// checkNoPanic fails the test if a node logged a panic: a kill may cut a
// node off at any point, but nothing a node does may panic.
func (c *cluster) checkNoPanic() {
	c.mu.Lock()
	names := append([]string(nil), c.names...)
	c.mu.Unlock()
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join(c.dir, name+".log"))
		if err == nil && (bytes.Contains(b, []byte("panicked")) || bytes.Contains(b, []byte("panic:"))) {
			c.t.Errorf("%s logged a panic", name)
		}
	}
}
