package clustertest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// requireClusterMachine skips the test under -short (a cluster of real
// processes takes minutes; the full suite and CI run it) and on a machine
// that cannot run a cluster, saying what is missing; under CI (CI set) the
// latter is a failure instead, as for the PostgreSQL tests
// (internal/pgdb/pgtest): CI must run it, not skip it in silence.
func requireClusterMachine(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a cluster of serve processes and kills them for minutes: the full suite runs it")
	}
	problem := clusterMachineProblem()
	if problem == "" {
		return
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("under CI the cluster test must run, but %s", problem)
	}
	t.Skipf("this machine cannot run a cluster: %s", problem)
}

// clusterMachineProblem says why scripts/cluster cannot run here, or "":
// it needs bash, setsid and curl, and PostgreSQL's server binaries, which
// scripts/postgres installs from Debian's package when run as root.
func clusterMachineProblem() string {
	var missing []string
	for _, tool := range []string{"bash", "setsid", "curl"} {
		if _, err := exec.LookPath(tool); err != nil {
			missing = append(missing, tool)
		}
	}
	if len(missing) > 0 {
		return "scripts/cluster needs " + strings.Join(missing, ", ")
	}
	if found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb"); len(found) > 0 {
		return ""
	}
	if os.Geteuid() != 0 {
		return "PostgreSQL is not installed, and only root may install it (scripts/postgres does)"
	}
	if _, err := exec.LookPath("apt-get"); err != nil {
		return "PostgreSQL is not installed, and there is no apt-get to install it with"
	}
	return ""
}
