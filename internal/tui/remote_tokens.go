package tui

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// A seat token is the seat (docs/protocol.md §1): whoever holds it plays
// there. The terminal keeps each one in a small file, by server and table,
// so that running the same command again takes the same seat back after a
// crash, a closed terminal or a reboot. The file is the person's own
// (mode 0600), like any credential.

// savedSeat is one remembered seat.
type savedSeat struct {
	Token string `json:"token"`
	Seat  int    `json:"seat"`
	Name  string `json:"name,omitempty"`
}

// tokenFile is the file's shape: seats by the table's invite link.
type tokenFile struct {
	Tables map[string]savedSeat `json:"tables"`
}

// DefaultTokenFile is where seat tokens are kept: skullking/tokens.json in
// the user's configuration directory.
func DefaultTokenFile() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "skullking", "tokens.json"), nil
}

// readTokens reads the file; a missing or unreadable one holds no seats,
// so a damaged file costs a rejoin, never a crash.
func readTokens(path string) tokenFile {
	f := tokenFile{Tables: map[string]savedSeat{}}
	b, err := os.ReadFile(path)
	if err != nil {
		return f
	}
	if json.Unmarshal(b, &f) != nil || f.Tables == nil {
		return tokenFile{Tables: map[string]savedSeat{}}
	}
	return f
}

// loadSeat returns the seat remembered for key.
func loadSeat(path, key string) (savedSeat, bool) {
	if path == "" {
		return savedSeat{}, false
	}
	s, ok := readTokens(path).Tables[key]
	return s, ok && s.Token != ""
}

// storeSeat remembers (or, with a zero seat, forgets) the seat for key. It
// writes a new file and renames it over the old, so a crash midway leaves
// either file whole.
func storeSeat(path, key string, s savedSeat) error {
	if path == "" {
		return nil
	}
	f := readTokens(path)
	if s.Token == "" {
		if _, ok := f.Tables[key]; !ok {
			return nil
		}
		delete(f.Tables, key)
	} else {
		f.Tables[key] = s
	}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tokens-*.json")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(append(b, '\n'))
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	// CreateTemp makes the file 0600 already; say so for other systems.
	if err := os.Chmod(tmp.Name(), 0o600); err != nil && !errors.Is(err, fs.ErrNotExist) {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}
