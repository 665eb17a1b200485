package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"maps"
	"os"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/skullking-go/skullking"
)

// These tests hold docs/protocol.md to the package: the document is the
// contract other programs are written against, so a field, a code or a
// version that changes here without changing there fails the build.

const docPath = "../docs/protocol.md"

// changesHeading starts the section that may name version 1's values.
const changesHeading = "## 12. Changes from version 1"

func readDoc(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// docBlock is a fenced block of the document: its language and its text.
type docBlock struct {
	lang, body string
	line       int
}

// splitDoc separates the document's prose (with each fenced block's lines
// left empty, so line numbers hold) from its fenced blocks.
func splitDoc(doc string) (prose string, blocks []docBlock) {
	var out []string
	var cur *docBlock
	var body []string
	for i, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "```") {
			if cur == nil {
				cur = &docBlock{lang: strings.TrimSpace(strings.TrimPrefix(line, "```")), line: i + 1}
				body = body[:0]
			} else {
				cur.body = strings.Join(body, "\n")
				blocks = append(blocks, *cur)
				cur = nil
			}
			out = append(out, "")
			continue
		}
		if cur != nil {
			body = append(body, line)
			out = append(out, "")
			continue
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n"), blocks
}

var spanRE = regexp.MustCompile("`([^`\n]+)`")

// spans lists the inline code spans of s: what the document writes as
// `name`.
func spans(s string) []string {
	var out []string
	for _, m := range spanRE.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	return out
}

// mdTable is a table of the document's prose: its header cells and rows.
type mdTable struct {
	header []string
	rows   [][]string
	line   int
}

func cells(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(strings.TrimSuffix(line, "|"), "|")
	parts := strings.Split(line, "|")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// tables finds every table of the prose.
func tables(prose string) []mdTable {
	var out []mdTable
	lines := strings.Split(prose, "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "|") || i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "|---") {
			continue
		}
		tb := mdTable{header: cells(lines[i]), line: i + 1}
		j := i + 2
		for ; j < len(lines) && strings.HasPrefix(lines[j], "|"); j++ {
			tb.rows = append(tb.rows, cells(lines[j]))
		}
		out = append(out, tb)
		i = j - 1
	}
	return out
}

// fieldHeaderRE recognises a table of a type's fields: its first header
// cell names the type(s), "`View` field" or "`Settings`, `SettingsUpdate`
// field".
var fieldHeaderRE = regexp.MustCompile("^(`\\w+`(?:, `\\w+`)*) field$")

// fieldTables reads the document's field tables: for each type they name,
// the fields its rows list (every span of a row's first cell) and where.
func fieldTables(prose string) (fields map[string][]string, lines map[string]int, problems []string) {
	fields, lines = map[string][]string{}, map[string]int{}
	for _, tb := range tables(prose) {
		m := fieldHeaderRE.FindStringSubmatch(tb.header[0])
		if m == nil {
			continue
		}
		var names []string
		for _, row := range tb.rows {
			names = append(names, spans(row[0])...)
		}
		for _, typ := range spans(m[1]) {
			if l, dup := lines[typ]; dup {
				problems = append(problems, fmt.Sprintf("%s has two field tables, at lines %d and %d", typ, l, tb.line))
			}
			fields[typ], lines[typ] = names, tb.line
		}
	}
	return fields, lines, problems
}

// codeTable returns the first column's codes, and the rows, of the table
// whose first header cell is header.
func codeTable(prose, header string) (codes []string, rows [][]string, ok bool) {
	for _, tb := range tables(prose) {
		if tb.header[0] != header {
			continue
		}
		for _, row := range tb.rows {
			codes = append(codes, spans(row[0])...)
		}
		return codes, tb.rows, true
	}
	return nil, nil, false
}

// jsonFields lists the JSON names of struct t's fields, embedded structs'
// included, and the package's struct types its fields lead to.
func jsonFields(t reflect.Type) (names []string, next []reflect.Type) {
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		if f.Anonymous {
			n, x := jsonFields(f.Type)
			names, next = append(names, n...), append(next, x...)
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		names = append(names, name)
		next = append(next, f.Type)
	}
	return names, next
}

var pkgPath = reflect.TypeOf(View{}).PkgPath()

// wireTypes walks the package's struct types reachable from roots, as
// encoding/json would, and returns each one's JSON field names by type name.
// Types of other packages (skullking.Options: a record's options object,
// documented in docs/record.md) and raw JSON are not walked.
func wireTypes(roots ...reflect.Type) map[string][]string {
	out := map[string][]string{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || t.PkgPath() != pkgPath {
			return
		}
		if _, seen := out[t.Name()]; seen {
			return
		}
		names, next := jsonFields(t)
		out[t.Name()] = names
		for _, n := range next {
			walk(n)
		}
	}
	for _, r := range roots {
		walk(r)
	}
	return out
}

// rootTypes are the shapes a program exchanges with a server: the
// messages, the view and everything the lobby's HTTP API sends or takes.
var rootTypes = []reflect.Type{
	reflect.TypeFor[ClientMsg](), reflect.TypeFor[ServerMsg](), reflect.TypeFor[View](), reflect.TypeFor[Action](),
	reflect.TypeFor[Event](), reflect.TypeFor[TableInfo](), reflect.TypeFor[SeatPresence](), reflect.TypeFor[Settings](),
	reflect.TypeFor[SettingsUpdate](), reflect.TypeFor[CreateRequest](), reflect.TypeFor[CreateResponse](),
	reflect.TypeFor[JoinRequest](), reflect.TypeFor[JoinResponse](), reflect.TypeFor[RecordResponse](), reflect.TypeFor[ServerInfo](),
	reflect.TypeFor[ErrorBody](), reflect.TypeFor[TableList](), reflect.TypeFor[CardInfo](), reflect.TypeFor[OptionInfo](),
	reflect.TypeFor[Result](), reflect.TypeFor[SeatScore](), reflect.TypeFor[Summary](),
	reflect.TypeFor[Replay](), reflect.TypeFor[ReviewStatus](), reflect.TypeFor[Sentence](),
}

// fieldProblems compares the document's field tables with the types'
// fields: each type has one table, listing exactly its fields.
func fieldProblems(prose string, types map[string][]string) []string {
	docFields, lines, problems := fieldTables(prose)
	names := make([]string, 0, len(types))
	for n := range types {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, typ := range names {
		doc, ok := docFields[typ]
		if !ok {
			problems = append(problems, fmt.Sprintf("%s has no field table (a table headed \"`%s` field\")", typ, typ))
			continue
		}
		for _, f := range types[typ] {
			if !slices.Contains(doc, f) {
				problems = append(problems, fmt.Sprintf("%s's field `%s` is missing from its table (line %d)", typ, f, lines[typ]))
			}
		}
		seen := map[string]bool{}
		for _, f := range doc {
			if !slices.Contains(types[typ], f) {
				problems = append(problems, fmt.Sprintf("the table of %s (line %d) lists `%s`, which %s does not have", typ, lines[typ], f, typ))
			}
			if seen[f] {
				problems = append(problems, fmt.Sprintf("the table of %s (line %d) lists `%s` twice", typ, lines[typ], f))
			}
			seen[f] = true
		}
	}
	for typ, l := range lines {
		if _, ok := types[typ]; !ok {
			problems = append(problems, fmt.Sprintf("line %d has a field table of %s, which is no type of the wire", l, typ))
		}
	}
	return problems
}

// TestDocStatesTheVersion checks the version the document states, and
// every version and subprotocol its examples use outside the section on
// version 1, against Version and Subprotocol.
func TestDocStatesTheVersion(t *testing.T) {
	doc := readDoc(t)
	title := regexp.MustCompile(`(?m)^# The online protocol \(version (\d+)\)$`).FindStringSubmatch(doc)
	if title == nil {
		t.Fatal(`the document's title does not state "(version N)"`)
	}
	if title[1] != strconv.Itoa(Version) {
		t.Errorf("the document states version %s, the package speaks %d", title[1], Version)
	}
	body, _, _ := strings.Cut(doc, changesHeading)
	for _, m := range regexp.MustCompile(`"v":\s*(\d+)`).FindAllStringSubmatch(body, -1) {
		if m[1] != strconv.Itoa(Version) {
			t.Errorf("an example sends %s: the version is %d", m[0], Version)
		}
	}
	for _, m := range regexp.MustCompile(`skullking\.v\d+`).FindAllString(body, -1) {
		if m != Subprotocol {
			t.Errorf("the document names the subprotocol %s: it is %s", m, Subprotocol)
		}
	}
	if !strings.Contains(body, "at most "+strconv.Itoa(MaxFrame)+" bytes") {
		t.Errorf("the document does not say a client sends at most %d bytes a frame", MaxFrame)
	}
}

// TestDocListsEveryField checks that every JSON field of every type on the
// wire is in that type's field table, and that the tables list nothing
// else; and that no exported type of the package with JSON fields is left
// out of the walk.
func TestDocListsEveryField(t *testing.T) {
	prose, _ := splitDoc(readDoc(t))
	types := wireTypes(rootTypes...)
	for _, p := range fieldProblems(prose, types) {
		t.Error(p)
	}
	for _, name := range jsonStructs(t) {
		if _, ok := types[name]; !ok {
			t.Errorf("%s has JSON fields but is reached from no root type: add it to rootTypes (and document it)", name)
		}
	}
}

// jsonStructs lists the package's exported struct types (outside tests)
// that have a field with a JSON tag.
func jsonStructs(t *testing.T) []string {
	var out []string
	for _, f := range packageFiles(t) {
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok || !ts.Name.IsExported() {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return true
			}
			for _, fl := range st.Fields.List {
				if fl.Tag != nil && strings.Contains(fl.Tag.Value, `json:"`) {
					out = append(out, ts.Name.Name)
					break
				}
			}
			return true
		})
	}
	return out
}

// packageFiles parses the package's Go files, tests left out.
func packageFiles(t *testing.T) []*ast.File {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var out []*ast.File
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, f)
	}
	return out
}

// stringConsts lists the package's exported string constants, name to
// value, as its source declares them.
func stringConsts(t *testing.T) map[string]string {
	out := map[string]string{}
	for _, f := range packageFiles(t) {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, sp := range gd.Specs {
				vs := sp.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i >= len(vs.Values) || !n.IsExported() {
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					v, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					out[n.Name] = v
				}
			}
		}
	}
	return out
}

// TestDocNamesEveryConstant checks that every value the package defines
// for the wire — message types, codes, kinds, statuses, who decided — is
// written in the document as `value`, and so are the option list's types,
// groups and units.
func TestDocNamesEveryConstant(t *testing.T) {
	prose, _ := splitDoc(readDoc(t))
	named := map[string]bool{}
	for _, s := range spans(prose) {
		named[s] = true
	}
	consts := stringConsts(t)
	if len(consts) < 60 {
		t.Fatalf("found %d string constants in the package: the parse missed some", len(consts))
	}
	for name, v := range consts {
		if !named[v] {
			t.Errorf("%s = %q is not in the document (as `%s`)", name, v, v)
		}
	}
	groups := map[string]bool{string(skullking.GroupPace): true}
	for _, o := range RuleOptions() {
		groups[o.Group] = true
		if !named[o.Type] {
			t.Errorf("the option type %q (of %s) is not in the document", o.Type, o.Key)
		}
	}
	for g := range groups {
		if !named[g] {
			t.Errorf("the option group %q is not in the document", g)
		}
	}
	for _, u := range skullking.Units() {
		if !named[string(u)] {
			t.Errorf("the option unit %q is not in the document", u)
		}
	}
}

// sameSet reports the codes one list has and the other lacks.
func sameSet(what string, doc, pkg []string) []string {
	var out []string
	for _, c := range pkg {
		if !slices.Contains(doc, c) {
			out = append(out, fmt.Sprintf("the %s table lacks `%s`", what, c))
		}
	}
	for _, c := range doc {
		if !slices.Contains(pkg, c) {
			out = append(out, fmt.Sprintf("the %s table lists `%s`, which the package does not define", what, c))
		}
	}
	return out
}

// engineNames lists what the engine's String methods name, from first
// until the first value without a name.
func engineNames[T ~uint8](first T, name func(T) string) []string {
	var out []string
	for v := first; v < 64; v++ {
		s := name(v)
		if strings.Contains(s, "(") {
			break
		}
		out = append(out, s)
	}
	return out
}

func mapValues[K comparable](m map[K]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// TestDocListsEveryCode checks the document's tables of codes against the
// package and the engine, both ways: every code is listed, and nothing
// that is no code.
func TestDocListsEveryCode(t *testing.T) {
	prose, _ := splitDoc(readDoc(t))
	consts := stringConsts(t)
	var errCodes, abilityStates, problems, whys []string
	for name, v := range consts {
		switch {
		case strings.HasPrefix(name, "Err"):
			errCodes = append(errCodes, v)
		case strings.HasPrefix(name, "Problem"):
			problems = append(problems, v)
		case strings.HasPrefix(name, "Why"):
			whys = append(whys, v)
		case strings.HasPrefix(name, "Ability"):
			abilityStates = append(abilityStates, v)
		}
	}
	engineStates := engineNames(skullking.AbilityOffered, skullking.AbilityState.String)
	slices.Sort(abilityStates)
	if sorted := slices.Sorted(slices.Values(engineStates)); !slices.Equal(abilityStates, sorted) {
		t.Errorf("the package's ability states %v are not the engine's %v", abilityStates, sorted)
	}
	var refusals []string
	for _, c := range skullking.RefusalCodes() {
		refusals = append(refusals, string(c))
	}
	lists := []struct {
		header string
		codes  []string
	}{
		{"error code", errCodes},
		{"problem code", problems},
		{"hint reason", whys},
		{"refusal code", refusals},
		{"reason code", mapValues(reasonCodes)},
		{"outcome", mapValues(outcomeNames)},
		{"phase", mapValues(phaseNames)},
		{"action kind", slices.Collect(maps.Keys(kindByName))},
		{"bonus kind", engineNames(skullking.CaptureFourteen, skullking.CaptureKind.String)},
		{"ability state", engineStates},
		{"pirate", engineNames(skullking.RosieLeads, skullking.PirateAbility.String)},
		{"card kind", mapValues(kindCodes)},
	}
	for _, l := range lists {
		doc, _, ok := codeTable(prose, l.header)
		if !ok {
			t.Errorf("the document has no table headed %q", l.header)
			continue
		}
		for _, p := range sameSet(l.header, doc, l.codes) {
			t.Error(p)
		}
	}
}

// factNames are the facts a refusal carries beyond its code, seat and
// action, as the refusal table's second column writes them.
func factNames(code skullking.RefusalCode) []string {
	f := refusalFacts[code]
	var out []string
	for _, x := range []struct {
		on   bool
		name string
	}{{f.phase, "phase"}, {f.other, "other"}, {f.suit, "suit"}, {f.card, "card"}, {f.count, "count"}, {f.seats, "seats"}} {
		if x.on {
			out = append(out, x.name)
		}
	}
	return out
}

// TestDocGivesEachRefusalItsFacts checks that the refusal table says, for
// every code, exactly the facts RefusalOf sets for it.
func TestDocGivesEachRefusalItsFacts(t *testing.T) {
	prose, _ := splitDoc(readDoc(t))
	_, rows, ok := codeTable(prose, "refusal code")
	if !ok {
		t.Fatal("the document has no refusal table")
	}
	for _, row := range rows {
		codes := spans(row[0])
		if len(codes) != 1 || len(row) < 2 {
			t.Errorf("the refusal table's row %q names no single code", strings.Join(row, " | "))
			continue
		}
		code := skullking.RefusalCode(codes[0])
		doc := spans(row[1])
		want := factNames(code)
		slices.Sort(doc)
		slices.Sort(want)
		if !slices.Equal(doc, want) {
			t.Errorf("refusal `%s`: the document lists the facts %v, RefusalOf sets %v", code, doc, want)
		}
	}
}

// decodeStrict reads data into v, refusing fields v does not have.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("more than one value")
	}
	return nil
}

// exampleShapes are what a JSON example may be, tried in order.
func exampleShapes() []any {
	return []any{&View{}, &TableInfo{}, &TableList{}, &CreateRequest{}, &CreateResponse{}, &JoinRequest{},
		&JoinResponse{}, &RecordResponse{}, &ServerInfo{}, &ErrorBody{}, &Action{}, &Event{}, &Refusal{}, &Trick{}, &Pending{},
		&Result{}, &Summary{}, &[]OptionInfo{}, &[]CardInfo{}, &[]SeatInfo{}, &Replay{}, &ReviewStatus{}, &Sentence{}}
}

// checkExample decodes one JSON value of the document into the package's
// types: a message (an object with a type) as a ClientMsg or, checked as
// a client would, a ServerMsg; anything else as one of exampleShapes.
func checkExample(raw json.RawMessage, clientTypes, serverTypes map[string]bool) error {
	var probe struct {
		Type *string `json:"type"`
	}
	if raw[0] == '{' {
		_ = json.Unmarshal(raw, &probe)
	}
	if probe.Type != nil {
		var errs []string
		if clientTypes[*probe.Type] {
			var m ClientMsg
			if err := decodeStrict(raw, &m); err == nil {
				return nil
			} else {
				errs = append(errs, "as a client message: "+err.Error())
			}
		}
		if serverTypes[*probe.Type] {
			var m ServerMsg
			err := decodeStrict(raw, &m)
			if err == nil {
				_, err = DecodeServer(raw)
			}
			if err == nil {
				return nil
			}
			errs = append(errs, "as a server message: "+err.Error())
		}
		if len(errs) == 0 {
			return fmt.Errorf("the message type %q is no type of the protocol", *probe.Type)
		}
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	for _, v := range exampleShapes() {
		if decodeStrict(raw, v) != nil {
			continue
		}
		if view, ok := v.(*View); ok {
			if err := view.Check(); err != nil {
				return fmt.Errorf("a view that does not check: %v", err)
			}
		}
		return nil
	}
	return fmt.Errorf("it is none of the protocol's shapes (a field is misnamed, missing from the package, or of the wrong type)")
}

// TestDocExamplesDecode checks every JSON example of the document: each
// value must decode, with no unknown field, into the package's types, and
// a server message must pass the checks a client makes. So an example
// cannot keep a field the package dropped or renamed.
func TestDocExamplesDecode(t *testing.T) {
	_, blocks := splitDoc(readDoc(t))
	clientTypes, serverTypes := map[string]bool{}, map[string]bool{}
	for _, typ := range []string{TypeHello, TypeAct, TypeStart, TypeSeat, TypeAddSeat, TypeConfigure, TypeRematch,
		TypeChat, TypeLeave, TypeHint, TypeJoin} {
		clientTypes[typ] = true
	}
	for _, typ := range []string{TypeWelcome, TypeTable, TypeState, TypeAck, TypeError, TypeJoined, TypeBye, TypeChat,
		TypeHint} {
		serverTypes[typ] = true
	}
	n := 0
	for _, b := range blocks {
		if b.lang != "json" {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(b.body))
		for i := 1; ; i++ {
			var raw json.RawMessage
			err := dec.Decode(&raw)
			if err != nil {
				if !errors.Is(err, io.EOF) {
					t.Errorf("the JSON block at line %d, value %d, does not parse: %v", b.line, i, err)
				}
				break
			}
			n++
			if err := checkExample(raw, clientTypes, serverTypes); err != nil {
				t.Errorf("the JSON block at line %d, value %d: %v\n%s", b.line, i, err, raw)
			}
		}
	}
	if n < 40 {
		t.Errorf("found %d JSON examples: the document should have more", n)
	}
}

// docProbe stands in for a type of the wire in the checks' own test.
type docProbe struct {
	Seat    int `json:"seat"`
	Sparkle int `json:"sparkle,omitempty"`
}

// TestDocChecksCatchDrift feeds the checks a document that has drifted
// from the package — a field removed from a table, a field a struct gained,
// a table of a type that does not exist, a refusal's facts changed — and
// expects each to be reported.
func TestDocChecksCatchDrift(t *testing.T) {
	prose, _ := splitDoc(readDoc(t))
	types := wireTypes(rootTypes...)

	// A field removed from the document: the view's `named`.
	row := regexp.MustCompile("(?m)^\\| `named` \\|.*\n")
	if !row.MatchString(prose) {
		t.Fatal("the View table has no `named` row to remove")
	}
	before := fieldProblems(prose, types)
	if p := fieldProblems(row.ReplaceAllString(prose, ""), types); len(p) <= len(before) || !mentions(p, "`named`") {
		t.Errorf("a removed row of `named` went unnoticed: %v", p)
	}

	// A field added to a struct but not to the document.
	probe := wireTypes(reflect.TypeFor[docProbe]())
	table := "| `docProbe` field | meaning |\n|---|---|\n| `seat` | a seat |\n"
	if p := fieldProblems(table, probe); !mentions(p, "`sparkle`") || len(p) != 1 {
		t.Errorf("an undocumented field `sparkle` went unnoticed: %v", p)
	}
	if p := fieldProblems("no tables here\n", probe); !mentions(p, "docProbe has no field table") {
		t.Errorf("a type without a table went unnoticed: %v", p)
	}
	if p := fieldProblems(table+"\n| `Ghost` field | meaning |\n|---|---|\n| `boo` | – |\n", probe); !mentions(p, "Ghost") {
		t.Errorf("a table of a type that does not exist went unnoticed: %v", p)
	}

	// An example with a field no type has.
	if err := checkExample(json.RawMessage(`{"kind": "play", "seat": 1, "cards": 3}`), nil, nil); err == nil {
		t.Error("an example with an unknown field decoded")
	}
	if err := checkExample(json.RawMessage(`{"type": "welcome", "v": 2, "seat": 12}`), nil, map[string]bool{"welcome": true}); err == nil {
		t.Error("a welcome naming seat 12 passed the client's checks")
	}
}

func mentions(problems []string, s string) bool {
	for _, p := range problems {
		if strings.Contains(p, s) {
			return true
		}
	}
	return false
}

// slug is the anchor GitHub gives a heading: lower case, punctuation
// dropped, spaces as hyphens.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestDocLinksResolve checks that every link within the document leads to
// one of its headings, so the cross-references between sections survive a
// renumbering.
func TestDocLinksResolve(t *testing.T) {
	prose, _ := splitDoc(readDoc(t))
	anchors := map[string]bool{}
	count := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^#+ (.+)$`).FindAllStringSubmatch(prose, -1) {
		s := slug(m[1])
		if n := count[s]; n > 0 {
			anchors[s+"-"+strconv.Itoa(n)] = true
		} else {
			anchors[s] = true
		}
		count[s]++
	}
	links := regexp.MustCompile(`\]\(#([^)]+)\)`).FindAllStringSubmatch(prose, -1)
	if len(links) < 20 {
		t.Fatalf("found %d links within the document: the pattern missed some", len(links))
	}
	for _, m := range links {
		if !anchors[m[1]] {
			t.Errorf("the link #%s leads to no heading", m[1])
		}
	}
}
