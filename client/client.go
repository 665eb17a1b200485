package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/skullking-go/skullking/protocol"
)

// Client is one server: its address and the HTTP client that reaches it.
// It holds no connection of its own and may be shared.
type Client struct {
	server string
	http   *http.Client
}

// New returns the client of the server at address server (http://host:8080,
// with any path prefix the server is served under; ParseInvite reads it
// from an invite link). Its lobby requests time out after 15 s; WithHTTP
// sets another HTTP client.
func New(server string) *Client {
	return &Client{server: strings.TrimSuffix(strings.TrimSpace(server), "/"),
		http: &http.Client{Timeout: 15 * time.Second}}
}

// WithHTTP returns a copy of the client that makes its requests with hc
// (its transport also dials the WebSockets).
func (c *Client) WithHTTP(hc *http.Client) *Client {
	d := *c
	if hc != nil {
		d.http = hc
	}
	return &d
}

// Server is the server's address, without a trailing slash.
func (c *Client) Server() string { return c.server }

// Invite is the invite link of table id: what a person shares, and what
// ParseInvite reads back.
func (c *Client) Invite(id string) string { return c.server + "/t/" + id }

// SocketURL is table id's WebSocket address on the server (ws:// or
// wss://), for a program that speaks the protocol itself.
func (c *Client) SocketURL(id string) string { return socketURL(c.server, id) }

// socketURL is table id's WebSocket address on server.
func socketURL(server, id string) string {
	s := server
	switch {
	case strings.HasPrefix(s, "https://"):
		s = "wss://" + strings.TrimPrefix(s, "https://")
	case strings.HasPrefix(s, "http://"):
		s = "ws://" + strings.TrimPrefix(s, "http://")
	}
	return s + protocol.SocketPath(id)
}

// Error is the server's refusal of a lobby request or of a message: its
// code (protocol.Err…), its problem and, for an illegal action, the
// engine's refusal as a code with its facts, for the caller to word.
type Error struct {
	Code string
	// Message is the server's English, for logs: a program that shows
	// the error to a person words Problem (or Refusal) in their language.
	Message string
	Problem *protocol.Problem
	Refusal *protocol.Refusal
	// Status is the HTTP status of a lobby request's refusal; 0 for a
	// message refused on the WebSocket.
	Status int
}

func (e *Error) Error() string {
	if e.Message != "" {
		return e.Message
	}
	if e.Code != "" {
		return "refused (" + e.Code + ")"
	}
	return fmt.Sprintf("the server answered %d %s", e.Status, http.StatusText(e.Status))
}

// Is makes errors.Is(err, ErrBadToken) true of the server's refusal of a
// token.
func (e *Error) Is(target error) bool {
	return target == ErrBadToken && e.Code == protocol.ErrBadToken
}

// Errors a Conn returns besides the server's own (*Error).
var (
	// ErrBadToken: no seat at the table answers to the token (the seat was
	// given away, or the token was never this table's). The server's *Error
	// matches it with errors.Is.
	ErrBadToken = errors.New("client: no seat answers to this token")
	// ErrClosed: the Conn is closed.
	ErrClosed = errors.New("client: the connection is closed")
	// ErrNotConnected: the connection dropped and is being dialled again;
	// nothing was sent.
	ErrNotConnected = errors.New("client: not connected (reconnecting)")
	// ErrDropped: the connection dropped before the server answered; the
	// message may or may not have been acted on, as the next state shows.
	ErrDropped = errors.New("client: the connection dropped before the server answered")
	// ErrNoAnswer: the server did not answer in time.
	ErrNoAnswer = errors.New("client: the server did not answer in time")
)

// maxBody bounds a lobby answer; a record of a long game of eight is a few
// hundred kilobytes.
const maxBody = 16 << 20

// do makes a lobby request and reads its JSON answer into out (a
// []byte out takes the body as it is), or returns the server's *Error.
func (c *Client) do(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.server+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return httpError(resp.StatusCode, b)
	}
	if raw, ok := out.(*[]byte); ok {
		*raw = b
		return nil
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("%s %s: the server's answer is not what the protocol says: %v", method, path, err)
	}
	return nil
}

// httpError reads the lobby's error body (protocol.ErrorBody).
func httpError(status int, body []byte) error {
	var e protocol.ErrorBody
	if json.Unmarshal(body, &e) != nil {
		e = protocol.ErrorBody{}
	}
	return &Error{Code: e.Code, Message: e.Error, Problem: e.Problem, Status: status}
}

// Info describes the server: its protocol version and bot levels (GET /api).
func (c *Client) Info(ctx context.Context) (protocol.ServerInfo, error) {
	var out protocol.ServerInfo
	err := c.do(ctx, http.MethodGet, "/api", nil, &out)
	return out, err
}

// Tables lists the server's public tables (GET /api/tables).
func (c *Client) Tables(ctx context.Context) ([]protocol.TableInfo, error) {
	var out protocol.TableList
	if err := c.do(ctx, http.MethodGet, "/api/tables", nil, &out); err != nil {
		return nil, err
	}
	for i := range out.Tables {
		if err := out.Tables[i].Check(); err != nil {
			return nil, fmt.Errorf("the server lists a table that %v", err)
		}
	}
	return out.Tables, nil
}

// Table describes table id (GET /api/tables/{id}).
func (c *Client) Table(ctx context.Context, id string) (protocol.TableInfo, error) {
	var out protocol.TableInfo
	if err := checkID(id); err != nil {
		return out, err
	}
	if err := c.do(ctx, http.MethodGet, "/api/tables/"+id, nil, &out); err != nil {
		return out, err
	}
	if err := out.Check(); err != nil {
		return protocol.TableInfo{}, fmt.Errorf("the server describes a table that %v", err)
	}
	return out, nil
}

// Create opens a table; its creator takes the first open seat, hosts it,
// and holds the token returned (POST /api/tables).
func (c *Client) Create(ctx context.Context, req protocol.CreateRequest) (protocol.CreateResponse, error) {
	var out protocol.CreateResponse
	if err := c.do(ctx, http.MethodPost, "/api/tables", req, &out); err != nil {
		return out, err
	}
	if err := checkSeatAnswer(out.ID, out.Seat, out.Token); err != nil {
		return protocol.CreateResponse{}, err
	}
	return out, nil
}

// Join takes a seat at table id for a nickname (POST /api/tables/{id}/join).
func (c *Client) Join(ctx context.Context, id string, req protocol.JoinRequest) (protocol.JoinResponse, error) {
	var out protocol.JoinResponse
	if err := checkID(id); err != nil {
		return out, err
	}
	if err := c.do(ctx, http.MethodPost, "/api/tables/"+id+"/join", req, &out); err != nil {
		return out, err
	}
	if out.ID == "" {
		out.ID = id
	}
	if err := checkSeatAnswer(out.ID, out.Seat, out.Token); err != nil {
		return protocol.JoinResponse{}, err
	}
	return out, nil
}

// checkSeatAnswer tests a seat the lobby handed out.
func checkSeatAnswer(id string, seat int, token string) error {
	if !protocol.ValidTableID(id) || seat < 0 || seat >= 8 || token == "" || len(token) > 64 {
		return errors.New("the server's answer names no seat")
	}
	return nil
}

// Record downloads the record of table id's game (docs/record.md), as the
// server wrote it; before the game's end the server refuses, since a
// running game's record would show every hand (GET /api/tables/{id}/record).
func (c *Client) Record(ctx context.Context, id string) ([]byte, error) {
	if err := checkID(id); err != nil {
		return nil, err
	}
	var out []byte
	if err := c.do(ctx, http.MethodGet, "/api/tables/"+id+"/record", nil, &out); err != nil {
		return nil, err
	}
	if !json.Valid(out) || !bytes.HasPrefix(bytes.TrimSpace(out), []byte("{")) {
		return nil, errors.New("the server's record is not a JSON object")
	}
	return out, nil
}

// Options lists every option a table's creator may set: the rules, then
// the table's settings of pace (GET /api/options).
func (c *Client) Options(ctx context.Context) ([]protocol.OptionInfo, error) {
	var out []protocol.OptionInfo
	err := c.do(ctx, http.MethodGet, "/api/options", nil, &out)
	return out, err
}

// Cards is the server's card catalogue (GET /api/cards).
func (c *Client) Cards(ctx context.Context) ([]protocol.CardInfo, error) {
	var out []protocol.CardInfo
	if err := c.do(ctx, http.MethodGet, "/api/cards", nil, &out); err != nil {
		return nil, err
	}
	for i, ci := range out {
		if ci.Card != i {
			return nil, fmt.Errorf("the server's catalogue lists card %d in place %d", ci.Card, i)
		}
	}
	return out, nil
}

// ParseInvite reads an invite link (http://host:8080/t/ID) into the
// server's address and the table's id. The link may also be the server's
// address alone with the id in table, or the table's API or WebSocket path;
// a scheme left out means http.
func ParseInvite(link, table string) (server, id string, err error) {
	link, table = strings.TrimSpace(link), strings.ToLower(strings.TrimSpace(table))
	if link == "" {
		return "", "", errors.New("no server address")
	}
	if !strings.Contains(link, "://") {
		link = "http://" + link
	}
	u, err := url.Parse(link)
	if err != nil {
		return "", "", fmt.Errorf("%q is not a link: %v", link, err)
	}
	switch u.Scheme {
	case "http", "https":
	case "ws":
		u.Scheme = "http"
	case "wss":
		u.Scheme = "https"
	default:
		return "", "", fmt.Errorf("%q: the link must start with http:// or https://", link)
	}
	if u.Host == "" {
		return "", "", fmt.Errorf("%q names no server", link)
	}
	path := strings.TrimSuffix(u.Path, "/")
	prefix := path
	for _, marker := range []string{"/t/", "/api/tables/"} {
		i := strings.LastIndex(path, marker)
		if i < 0 {
			continue
		}
		rest := path[i+len(marker):]
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			rest = rest[:j] // …/api/tables/ID/ws
		}
		prefix, id = path[:i], strings.ToLower(rest)
		break
	}
	switch {
	case id != "" && table != "" && id != table:
		return "", "", fmt.Errorf("the link names table %s, --table %s", id, table)
	case id == "":
		id = table
	}
	if id == "" {
		return "", "", fmt.Errorf("%s names no table: give the invite link (http://host:8080/t/ID), "+
			"or the server's address and the table's id", link)
	}
	if !protocol.ValidTableID(id) {
		return "", "", fmt.Errorf("%q is not a table id (letters and digits)", id)
	}
	return u.Scheme + "://" + u.Host + prefix, id, nil
}

func checkID(id string) error {
	if !protocol.ValidTableID(id) {
		return fmt.Errorf("%q is not a table id", id)
	}
	return nil
}
