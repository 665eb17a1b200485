package natsbus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// The subjects, under one prefix so that a NATS server can be shared with
// other software:
//
//	skullking.table.<id>.in   intents for the table's owner (request/reply)
//	skullking.client.<node>   frames for the clients connected to node
//	skullking.node.<node>     a node's liveness check (request/reply)
const prefix = "skullking."

func tableSubject(id string) string    { return prefix + "table." + id + ".in" }
func clientSubject(node string) string { return prefix + "client." + node }
func nodeSubject(node string) string   { return prefix + "node." + node }

// ownerQueue is the queue group of a table's owners on its subject.
const ownerQueue = "owner"

// Replies of a table's owner to an intent: taken, its queue full, or the
// table let go the moment the intent came.
const (
	replyTaken = "ok"
	replyFull  = "full"
	replyGone  = "gone"
)

// Frame headers: the client a frame is for, the table it comes from (so
// that a node which no longer has the client can say so), the message it
// answers and whether the connection closes after it. The reply to an
// intent names the node that took it (hdrNode), so that the node relaying
// a client knows whose death to watch for.
const (
	hdrClient = "Sk-Client"
	hdrTable  = "Sk-Table"
	hdrReq    = "Sk-Req"
	hdrClose  = "Sk-Close"
	// hdrFrames, on a message carrying several frames for one client,
	// lists them, "length:req:close" each (close 0 or 1), comma-separated;
	// the message's data is their data end to end.
	hdrFrames = "Sk-Frames"
	hdrNode   = "Sk-Node"
)

// Options tune a Bus; zero values take the defaults noted.
type Options struct {
	// RequestTimeout bounds the wait for a table's owner to take an
	// intent (2s): an owner that does not answer is treated as busy.
	RequestTimeout time.Duration
	// CheckEvery is how often the owner of a table checks that the nodes
	// of its relayed clients are still there (2s).
	CheckEvery time.Duration
	Logger     *slog.Logger
}

// Bus is a table.Bus over NATS. Tables owned here and clients connected
// here are served in memory, as by a table.LocalBus; the rest crosses NATS.
type Bus struct {
	nc    *nats.Conn
	node  string
	local *table.LocalBus
	opt   Options
	log   *slog.Logger

	nodeSub, clientSub *nats.Subscription
	stop               chan struct{}
	done               sync.WaitGroup

	mu sync.Mutex
	// remote: the clients of other nodes that said hello to a table owned
	// here, and that table, so that they can be detached when their node
	// is gone.
	remote map[table.ClientID]string
	// relayed: the clients of this node talking to a table owned
	// elsewhere, and where, so that they can be told to reconnect when
	// NATS is lost or the owner dies.
	relayed map[table.ClientID]relay
	// onReconnect: what the services on the bus do when NATS is back.
	onReconnect []func()
}

// relay is where a client of this node talks to: a table, and the node
// that owned it when it last took one of the client's intents.
type relay struct {
	table, owner string
}

// ErrNodeTaken: another running node already uses this node's name.
var ErrNodeTaken = errors.New("natsbus: a running node already has this name")

// ValidNode reports whether name can name a node on the bus: it is a
// subject token and part of every client id.
func ValidNode(name string) bool {
	if name == "" || len(name) > 64 {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// New starts a bus for node on the NATS connection nc, which it then owns
// (Close closes it). It refuses a node name that another running node
// answers to. The connection should reconnect forever
// (nats.MaxReconnects(-1), as Connect sets): a bus whose connection closes
// for good serves only what this node owns.
func New(nc *nats.Conn, node string, opt Options) (*Bus, error) {
	if !ValidNode(node) {
		return nil, fmt.Errorf("natsbus: node name %q: use 1 to 64 letters, digits, '-' or '_'", node)
	}
	if opt.RequestTimeout <= 0 {
		opt.RequestTimeout = 2 * time.Second
	}
	if opt.CheckEvery <= 0 {
		opt.CheckEvery = 2 * time.Second
	}
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if _, err := nc.Request(nodeSubject(node), nil, 500*time.Millisecond); err == nil {
		return nil, fmt.Errorf("%w: %s", ErrNodeTaken, node)
	}
	b := &Bus{nc: nc, node: node, local: table.NewLocalBus(), opt: opt, log: opt.Logger, stop: make(chan struct{}),
		remote: map[table.ClientID]string{}, relayed: map[table.ClientID]relay{}}
	var err error
	if b.nodeSub, err = nc.Subscribe(nodeSubject(node), func(m *nats.Msg) { _ = m.Respond(nil) }); err != nil {
		return nil, fmt.Errorf("natsbus: %w", err)
	}
	if b.clientSub, err = nc.Subscribe(clientSubject(node), b.frameIn); err != nil {
		_ = b.nodeSub.Unsubscribe() // err is the answer; a closed connection ends it anyway
		return nil, fmt.Errorf("natsbus: %w", err)
	}
	// Frames for many clients share the one subscription: it must not drop
	// them when a burst outruns the handler for a moment.
	_ = b.clientSub.SetPendingLimits(1<<20, 256<<20) // fails only on a closed subscription or a zero limit
	if err := nc.Flush(); err != nil {
		b.Close()
		return nil, fmt.Errorf("natsbus: %w", err)
	}
	b.done.Add(1)
	go b.checkNodes()
	return b, nil
}

// Connect dials NATS at url for node, reconnecting forever, and calls the
// bus's Disconnected when the connection drops.
func Connect(url, node string, opt Options) (*Bus, error) {
	var bus *Bus
	var mu sync.Mutex
	nc, err := nats.Connect(url, nats.Name("skullking "+node), nats.MaxReconnects(-1),
		nats.ReconnectWait(250*time.Millisecond), nats.RetryOnFailedConnect(false),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			mu.Lock()
			b := bus
			mu.Unlock()
			if b != nil {
				b.Disconnected(err)
			}
		}),
		nats.ReconnectHandler(func(*nats.Conn) {
			mu.Lock()
			b := bus
			mu.Unlock()
			if b != nil {
				b.Reconnected()
			}
		}))
	if err != nil {
		return nil, fmt.Errorf("cannot reach NATS at %s: %w", url, err)
	}
	b, err := New(nc, node, opt)
	if err != nil {
		nc.Close()
		return nil, err
	}
	mu.Lock()
	bus = b
	mu.Unlock()
	return b, nil
}

// Conn is the bus's NATS connection, for the other clustered services
// (the lobby index, the score keeper's changes).
func (b *Bus) Conn() *nats.Conn { return b.nc }

// Node is the node's name on the bus.
func (b *Bus) Node() string { return b.node }

// Close stops the bus and closes its connection.
func (b *Bus) Close() {
	select {
	case <-b.stop:
		return
	default:
	}
	close(b.stop)
	b.done.Wait()
	b.nc.Close()
}

// Own implements table.Bus: intents reach inbox from this node in memory
// and from the others over the table's subject.
func (b *Bus) Own(id string, inbox chan<- *table.Intent) (func(), error) {
	release, err := b.local.Own(id, inbox)
	if err != nil {
		return nil, err
	}
	// One queue group for every owner: were two nodes ever subscribed at
	// once (an owner whose lease lapsed letting go just as the next owner
	// takes the table, or nodes whose clocks disagree), each intent still
	// reaches one of them, and a client's message gets one answer, never
	// one from each.
	own := &owned{}
	sub, err := b.nc.QueueSubscribe(tableSubject(id), ownerQueue, func(m *nats.Msg) { b.intentIn(id, inbox, own, m) })
	if err != nil {
		release()
		return nil, fmt.Errorf("natsbus: own table %s: %w", id, err)
	}
	// Once Own returns, another node may ask for the table at once: the
	// NATS server must know of the subscription by then. Without NATS the
	// table still serves this node's clients, and the subscription is
	// made again on reconnection.
	_ = b.nc.FlushTimeout(b.opt.RequestTimeout)
	return func() {
		// From here on no intent enters the inbox: the table answers
		// whatever it holds as it stops, and an intent taken a moment
		// later would be answered by no one.
		own.mu.Lock()
		own.gone = true
		own.mu.Unlock()
		// Unsubscribe fails only when the connection is closed, which ends
		// the subscription too.
		_ = sub.Unsubscribe()
		_ = b.nc.FlushTimeout(b.opt.RequestTimeout) // no request is routed here after release
		b.mu.Lock()
		for c, t := range b.remote {
			if t == id {
				delete(b.remote, c)
			}
		}
		b.mu.Unlock()
		release()
	}, nil
}

// owned is a table's ownership on this node, until released.
type owned struct {
	mu   sync.Mutex
	gone bool
}

// intentIn offers an intent from another node to a table owned here, and
// answers whether it was taken.
func (b *Bus) intentIn(id string, inbox chan<- *table.Intent, own *owned, m *nats.Msg) {
	in, err := decodeIntent(m.Data)
	if err != nil {
		b.log.Warn("bad intent on the bus", "table", id, "err", err)
		return
	}
	reply := nats.NewMsg(m.Reply)
	reply.Header.Set(hdrNode, b.node)
	own.mu.Lock()
	gone := own.gone
	full := false
	if !gone {
		select {
		case inbox <- &in:
		default:
			full = true
		}
	}
	own.mu.Unlock()
	switch {
	case gone:
		reply.Data = []byte(replyGone)
		_ = m.RespondMsg(reply) // unanswered, the sender times out and says the table is overloaded
		return
	case full:
		reply.Data = []byte(replyFull)
		_ = m.RespondMsg(reply) // unanswered, the sender times out and says the table is overloaded
		return
	}
	b.mu.Lock()
	switch in.Kind {
	case table.IntentHello:
		b.remote[in.Client] = id
	case table.IntentDetach:
		delete(b.remote, in.Client)
	}
	b.mu.Unlock()
	reply.Data = []byte(replyTaken)
	// Fails only when this node's connection does; the sender's request
	// then times out, which it reports as overloaded though the intent was
	// taken.
	_ = m.RespondMsg(reply)
}

// Send implements table.Bus.
func (b *Bus) Send(id string, in table.Intent) error {
	err := b.local.Send(id, in)
	if !errors.Is(err, table.ErrNoTable) {
		return err
	}
	return b.sendRemote(id, in)
}

// SendWait implements table.Bus: a busy remote table is asked again until
// it takes the intent or ctx ends.
func (b *Bus) SendWait(ctx context.Context, id string, in table.Intent) error {
	err := b.local.SendWait(ctx, id, in)
	if !errors.Is(err, table.ErrNoTable) {
		return err
	}
	for wait := 5 * time.Millisecond; ; wait = min(2*wait, 200*time.Millisecond) {
		err := b.sendRemote(id, in)
		if !errors.Is(err, table.ErrOverloaded) {
			return err
		}
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// sendRemote hands an intent to a table's owner on another node.
func (b *Bus) sendRemote(id string, in table.Intent) error {
	if !protocol.ValidTableID(id) {
		return table.ErrNoTable
	}
	if !b.nc.IsConnected() {
		// A request would wait in the reconnection buffer: the client is
		// better told at once to reconnect, perhaps through another node.
		return table.ErrNoTable
	}
	data, err := encodeIntent(in)
	if err != nil {
		return err
	}
	reply, err := b.nc.Request(tableSubject(id), data, b.opt.RequestTimeout)
	switch {
	case errors.Is(err, nats.ErrNoResponders), errors.Is(err, nats.ErrConnectionClosed),
		errors.Is(err, nats.ErrConnectionReconnecting), errors.Is(err, nats.ErrDisconnected):
		// Nobody owns it (or no one can be reached): the caller may load it
		// here, or tell its client to reconnect.
		return table.ErrNoTable
	case errors.Is(err, nats.ErrTimeout):
		return table.ErrOverloaded
	case err != nil:
		return fmt.Errorf("natsbus: %w", err)
	case string(reply.Data) == replyFull:
		return table.ErrOverloaded
	case string(reply.Data) == replyGone:
		return table.ErrNoTable
	}
	b.mu.Lock()
	switch in.Kind {
	case table.IntentHello, table.IntentMsg, table.IntentJoin:
		b.relayed[in.Client] = relay{table: id, owner: reply.Header.Get(hdrNode)}
	case table.IntentDetach:
		delete(b.relayed, in.Client)
	}
	b.mu.Unlock()
	return nil
}

// Subscribe implements table.Bus.
func (b *Bus) Subscribe(id table.ClientID, ep table.Endpoint) func() {
	cancel := b.local.Subscribe(id, ep)
	return func() {
		cancel()
		b.mu.Lock()
		delete(b.relayed, id)
		b.mu.Unlock()
	}
}

// Publish implements table.Bus: a frame for a client of another node goes
// to that node's subject. It reports false only when it cannot be sent at
// all; whether that node still has the client is its own affair.
func (b *Bus) Publish(to table.ClientID, fs ...table.Frame) bool {
	node, ok := nodeOf(to)
	if !ok || node == b.node {
		return b.local.Publish(to, fs...)
	}
	if len(fs) == 0 || !b.nc.IsConnected() {
		return len(fs) == 0
	}
	m := nats.NewMsg(clientSubject(node))
	m.Header.Set(hdrClient, string(to))
	b.mu.Lock()
	t := b.remote[to]
	b.mu.Unlock()
	if t != "" {
		m.Header.Set(hdrTable, t)
	}
	if len(fs) == 1 {
		f := fs[0]
		if f.Req != 0 {
			m.Header.Set(hdrReq, strconv.FormatUint(f.Req, 10))
		}
		if f.Close {
			m.Header.Set(hdrClose, "1")
		}
		m.Data = f.Data
		return b.nc.PublishMsg(m) == nil
	}
	// Frames handed over together cross in one message, and reach the
	// client together.
	list, data := frameList(fs)
	m.Header.Set(hdrFrames, list)
	m.Data = data
	return b.nc.PublishMsg(m) == nil
}

// frameList is the hdrFrames header and the data of a message carrying fs.
func frameList(fs []table.Frame) (string, []byte) {
	var list []byte
	size := 0
	for i, f := range fs {
		if i > 0 {
			list = append(list, ',')
		}
		list = strconv.AppendInt(list, int64(len(f.Data)), 10)
		list = append(list, ':')
		list = strconv.AppendUint(list, f.Req, 10)
		list = append(list, ':', boolDigit(f.Close))
		size += len(f.Data)
	}
	data := make([]byte, 0, size)
	for _, f := range fs {
		data = append(data, f.Data...)
	}
	return string(list), data
}

// boolDigit is '1' for true, '0' for false.
func boolDigit(v bool) byte {
	if v {
		return '1'
	}
	return '0'
}

// framesOf reads the frames a message from a table's owner carries: one,
// or several listed in its hdrFrames header.
func framesOf(m *nats.Msg) ([]table.Frame, error) {
	list := m.Header.Get(hdrFrames)
	if list == "" {
		f := table.Frame{Data: m.Data, Close: m.Header.Get(hdrClose) == "1"}
		f.Req, _ = strconv.ParseUint(m.Header.Get(hdrReq), 10, 64)
		return []table.Frame{f}, nil
	}
	var fs []table.Frame
	data := m.Data
	for item := range strings.SplitSeq(list, ",") {
		parts := strings.Split(item, ":")
		if len(parts) != 3 {
			return nil, fmt.Errorf("frame list item %q: want length:req:close", item)
		}
		n, err := strconv.Atoi(parts[0])
		if err != nil || n < 0 || n > len(data) {
			return nil, fmt.Errorf("frame list item %q: a length of %d bytes left", item, len(data))
		}
		req, err := strconv.ParseUint(parts[1], 10, 64)
		if err != nil || (parts[2] != "0" && parts[2] != "1") {
			return nil, fmt.Errorf("frame list item %q: bad req or close", item)
		}
		fs = append(fs, table.Frame{Data: data[:n:n], Req: req, Close: parts[2] == "1"})
		data = data[n:]
	}
	if len(data) != 0 {
		return nil, fmt.Errorf("frame list %q: %d bytes of data past the frames", list, len(data))
	}
	return fs, nil
}

// frameIn delivers a frame from a table's owner to a client of this node.
// A client this node no longer has is reported to the table as gone: its
// node restarted, say, and the table must not think it still connected.
func (b *Bus) frameIn(m *nats.Msg) {
	id := table.ClientID(m.Header.Get(hdrClient))
	fs, err := framesOf(m)
	if err != nil {
		b.log.Error("frames from another node", "client", id, "err", err)
		return
	}
	if b.local.Publish(id, fs...) {
		return
	}
	// Publish also fails for a client that is there but too slow (its
	// connection drops itself): only one that is gone is reported.
	if t := m.Header.Get(hdrTable); t != "" && !b.local.Has(id) {
		_ = b.sendRemote(t, table.Intent{Kind: table.IntentDetach, Client: id, At: time.Now()})
	}
}

// nodeOf is the node a client id was made on ("node/123").
func nodeOf(id table.ClientID) (string, bool) {
	node, _, ok := strings.Cut(string(id), "/")
	return node, ok
}

// checkNodes watches, every CheckEvery, the other nodes this one deals
// with. A node that no longer answers has its clients detached from the
// tables owned here, so that their seats are seen as away (and get a
// stand-in) instead of connected forever; and this node's clients of the
// tables it owned are told to reconnect: no frame will come from it again,
// and the node that takes a table over knows nothing of them, so a client
// waiting for its turn would wait forever.
func (b *Bus) checkNodes() {
	defer b.done.Done()
	t := time.NewTicker(b.opt.CheckEvery)
	defer t.Stop()
	misses := map[string]int{}
	for {
		select {
		case <-b.stop:
			return
		case <-t.C:
		}
		for _, node := range b.peers() {
			_, err := b.nc.Request(nodeSubject(node), nil, b.opt.CheckEvery/2)
			switch {
			case err == nil:
				delete(misses, node)
				continue
			case errors.Is(err, nats.ErrNoResponders):
				misses[node] = 3 // certainly gone
			case errors.Is(err, nats.ErrTimeout):
				misses[node]++
			default:
				continue // our own connection is down: Disconnected handles that
			}
			if misses[node] >= 3 {
				delete(misses, node)
				b.log.Info("node gone: its clients are detached, and ours of its tables reconnect", "node", node)
				b.detachWhere(func(id table.ClientID) bool { n, _ := nodeOf(id); return n == node })
				b.reconnectWhere(func(r relay) bool { return r.owner == node }, protocol.ProblemServerGone)
			}
		}
	}
}

// peers lists the nodes whose clients talk to tables owned here, and the
// owners of the tables this node's clients talk to.
func (b *Bus) peers() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	seen := map[string]bool{b.node: true}
	var out []string
	add := func(n string) {
		if n != "" && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for id := range b.remote {
		n, _ := nodeOf(id)
		add(n)
	}
	for _, r := range b.relayed {
		add(r.owner)
	}
	return out
}

// reconnectWhere tells this node's relayed clients matching gone to
// reconnect, and closes their connections: they come back through
// whichever node then runs their table. Reason is the bye's problem.
func (b *Bus) reconnectWhere(gone func(relay) bool, reason string) {
	var out []table.ClientID
	b.mu.Lock()
	for id, r := range b.relayed {
		if gone(r) {
			out = append(out, id)
			delete(b.relayed, id)
		}
	}
	b.mu.Unlock()
	msg := table.ByeMsg(reason, true)
	msg.Reason = words.Problem(msg.Problem)
	bye, _ := json.Marshal(msg)
	for _, id := range out {
		b.local.Publish(id, table.Frame{Data: bye, Close: true})
	}
}

// detachWhere tells each table owned here that its remote clients
// matching gone have left.
func (b *Bus) detachWhere(gone func(table.ClientID) bool) {
	type leaving struct {
		table  string
		client table.ClientID
	}
	var out []leaving
	b.mu.Lock()
	for id, t := range b.remote {
		if gone(id) {
			out = append(out, leaving{t, id})
			delete(b.remote, id)
		}
	}
	b.mu.Unlock()
	for _, l := range out {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if err := b.local.SendWait(ctx, l.table, table.Intent{Kind: table.IntentDetach, Client: l.client, At: time.Now()}); err != nil &&
			!errors.Is(err, table.ErrNoTable) {
			b.log.Warn("detach a gone client", "table", l.table, "client", l.client, "err", err)
		}
		cancel()
	}
}

// OnReconnect has f called every time the connection to NATS comes back.
func (b *Bus) OnReconnect(f func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.onReconnect = append(b.onReconnect, f)
}

// Reconnected is called when the NATS connection is back; nats.go has
// made the subscriptions again by then.
func (b *Bus) Reconnected() {
	b.log.Info("nats reconnected")
	b.mu.Lock()
	fs := append([]func(){}, b.onReconnect...)
	b.mu.Unlock()
	for _, f := range fs {
		f()
	}
}

// Disconnected is called when the NATS connection drops. Tables owned
// here go on serving this node's own clients; the clients of other nodes
// can no longer hear them and are detached, and this node's clients of
// tables owned elsewhere are told to reconnect, which they do through
// whichever node can reach the table.
func (b *Bus) Disconnected(err error) {
	b.log.Warn("nats connection lost", "err", err)
	go b.detachWhere(func(table.ClientID) bool { return true })
	b.reconnectWhere(func(relay) bool { return true }, protocol.ProblemLinkLost)
}
