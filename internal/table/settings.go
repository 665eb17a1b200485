package table

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
	"github.com/skullking-go/skullking/protocol"
)

// Settings are what the host chose for a table: the protocol's shape (the
// lobby sends them, the store keeps them as it).
type Settings = protocol.Settings

// DefaultSettings are the settings of a table whose creator did not say
// otherwise: standard rules, private, open to spectators who watch without
// chatting, no turn timer.
func DefaultSettings() Settings {
	return Settings{Options: skullking.DefaultOptions(), Spectators: true}
}

// Seat kinds, as the protocol names them.
const (
	KindOpen   = protocol.SeatOpen   // waiting for a person
	KindPerson = protocol.SeatPerson // a person holds it with a token
	KindBot    = protocol.SeatBot    // a bot of Level plays it
)

// SeatSpec asks for a seat when a table is created (the protocol's shape).
type SeatSpec = protocol.SeatSpec

// CreateRequest is everything needed to open a table (the protocol's
// shape). The creator takes the first open seat and becomes the host.
type CreateRequest = protocol.CreateRequest

// SettingOptions are the table's settings as the option list of GET
// /api/options shows them beside the engine's rules: one table of options
// for every form, these set in a table's settings. Their defaults are
// DefaultSettings', so a form shows what a table left alone gets; their
// names are the catalogue's, as the engine's options' are (option.<key>).
func SettingOptions() []protocol.OptionInfo {
	def := DefaultSettings()
	zero, most, step := 0, MaxTurnSeconds, 15
	return []protocol.OptionInfo{
		{Key: "turn_seconds", Type: string(skullking.OptionInt), Default: def.TurnSeconds, Min: &zero, Max: &most, Step: &step,
			Unit: string(skullking.UnitSeconds), Group: string(skullking.GroupPace), In: protocol.InSettings},
		{Key: "auto_last", Type: string(skullking.OptionBool), Default: def.AutoLast, Group: string(skullking.GroupPace),
			In: protocol.InSettings},
		{Key: "spectator_chat", Type: string(skullking.OptionBool), Default: def.SpectatorChat, Group: protocol.GroupChat,
			In: protocol.InSettings},
	}
}

// turnTimerLabel is the turn timer's label in a form, and in the refusal
// of a timer out of range.
const turnTimerLabel = "Turn timer (seconds)"

// Limits on what clients may ask for.
const (
	MaxTurnSeconds = 3600
	MaxNameLen     = 24
	MaxTableName   = 60
)

// defaultStandin is the strongest quick bot available, falling back to random.
func defaultStandin() string {
	for _, l := range bot.Levels() {
		if l == "heuristic" {
			return l
		}
	}
	return "random"
}

// checkLevel reports whether a bot level exists.
func checkLevel(level string) (string, error) {
	level = strings.ToLower(strings.TrimSpace(level))
	if _, err := bot.New(level, 1); err != nil {
		return "", refused(protocol.ProblemBotLevel, "Level", level, "Levels", strings.Join(bot.Levels(), ", "))
	}
	return level, nil
}

// normalize fills defaults and checks the settings for a table of players
// seats (0 when the count is not known yet).
func normalizeSettings(s *Settings, players int) error {
	s.Name = strings.TrimSpace(s.Name)
	if utf8.RuneCountInString(s.Name) > MaxTableName || !printable(s.Name) {
		return refused(protocol.ProblemTableName, "Max", MaxTableName)
	}
	if s.TurnSeconds < 0 || s.TurnSeconds > MaxTurnSeconds {
		return refused(protocol.ProblemTurnSeconds, "Value", s.TurnSeconds, "Max", MaxTurnSeconds)
	}
	if s.Standin == "" {
		s.Standin = defaultStandin()
	}
	lvl, err := checkLevel(s.Standin)
	if err != nil {
		return refused(protocol.ProblemStandinLevel, "Level", s.Standin, "Levels", strings.Join(bot.Levels(), ", "))
	}
	s.Standin = lvl
	if s.Options.Rounds == 0 && s.Options.Schedule == "" && s.Options.PointsPerTrick == 0 {
		s.Options = skullking.DefaultOptions() // an absent options object is the standard rules
	}
	if players > 0 {
		if err := s.Options.Validate(players); err != nil {
			return rulesRefused(err, players)
		}
	}
	return nil
}

func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// botNames name bot seats after famous pirates, by seat, so a table of bots
// reads like a crew rather than "bot 1, bot 2". They are reserved for bots
// (nickname.go): a person who took one could pass for a bot.
var botNames = [...]string{"Anne Bonny", "Calico Jack", "Mary Read", "Blackbeard", "Ching Shih", "Black Bart",
	"Grace O'Malley", "Henry Morgan"}

func botName(seat int) string { return botNames[seat%len(botNames)] }

// newToken returns a fresh seat token (128 bits from crypto/rand) and the
// hash the table keeps: the token itself is never stored.
func newToken() (token, hash string, err error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", "", err
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, hashToken(token), nil
}

func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// sameHash compares two token hashes in constant time.
func sameHash(a, b string) bool {
	return len(a) == len(b) && a != "" && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// newTableID returns a table id that doubles as the invite code: ten
// characters from an alphabet without look-alikes (0/O, 1/l/I), about 49
// bits, so private tables cannot be found by guessing.
func newTableID() (string, error) {
	const alphabet = "23456789abcdefghjkmnpqrstuvwxyz"
	var b [10]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b[:]), nil
}

// newSeed draws a game's deal seed from crypto/rand: nobody, the host
// included, can know the deal before the game starts.
func newSeed() (uint64, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, err
	}
	var s uint64
	for _, x := range b {
		s = s<<8 | uint64(x)
	}
	return s, nil
}
