package server

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/skullking-go/skullking/internal/natsbus"
	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/internal/table"
)

// metrics are the server's Prometheus figures, in a registry of its own so
// that two servers in one process (tests) never share counters.
type metrics struct {
	reg         *prometheus.Registry
	connections prometheus.Gauge
	actions     *prometheus.CounterVec
	latency     prometheus.Histogram
	appendDur   prometheus.Histogram
	refused     *prometheus.CounterVec
	dropped     *prometheus.CounterVec
	frames      prometheus.Counter
	moves       *prometheus.CounterVec
}

func newMetrics(mgr func() *table.Manager) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		connections: prometheus.NewGauge(prometheus.GaugeOpts{Name: "skullking_connections",
			Help: "WebSocket connections open."}),
		actions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "skullking_actions_total",
			Help: "Game actions accepted, by who decided (player, bot, timer, auto)."}, []string{"by"}),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "skullking_action_latency_seconds",
			Help:    "From an intent's arrival to the last view published for it.",
			Buckets: []float64{.0005, .001, .002, .005, .01, .02, .05, .1, .25, .5, 1}}),
		appendDur: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "skullking_store_append_seconds",
			Help:    "Time to append one action to the store.",
			Buckets: []float64{.0001, .0002, .0005, .001, .002, .005, .01, .05, .1}}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "skullking_refused_total",
			Help: "Client messages and lobby requests refused, by error code."}, []string{"code"}),
		dropped: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "skullking_dropped_connections_total",
			Help: "Connections the server closed, by reason."}, []string{"reason"}),
		frames: prometheus.NewCounter(prometheus.CounterOpts{Name: "skullking_frames_sent_total",
			Help: "WebSocket frames written to clients."}),
		moves: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "skullking_table_moves_total",
			Help: "Tables that changed node: taken over from a node whose lease ran out (taken), or lost to another node (lost)."},
			[]string{"way"}),
	}
	tables := prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "skullking_tables",
		Help: "Tables in memory, by status."}, []string{"status"})
	m.reg.MustRegister(m.connections, m.actions, m.latency, m.appendDur, m.refused, m.dropped, m.frames, m.moves,
		// Scheduler latencies tell a starved server (runnable goroutines
		// waiting for a CPU) from a slow one.
		collectors.NewGoCollector(collectors.WithGoCollectorRuntimeMetrics(collectors.MetricsScheduler)),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		tableCollector{gauge: tables, mgr: mgr})
	return m
}

// tableCollector counts tables at scrape time, from the manager itself,
// rather than keeping a second count that could drift.
type tableCollector struct {
	gauge *prometheus.GaugeVec
	mgr   func() *table.Manager
}

func (c tableCollector) Describe(ch chan<- *prometheus.Desc) { c.gauge.Describe(ch) }

func (c tableCollector) Collect(ch chan<- prometheus.Metric) {
	if mgr := c.mgr(); mgr != nil {
		for _, st := range []store.Status{store.StatusLobby, store.StatusPlaying, store.StatusOver} {
			c.gauge.WithLabelValues(string(st)).Set(0)
		}
		for st, n := range mgr.Stats() {
			c.gauge.WithLabelValues(string(st)).Set(float64(n))
		}
	}
	c.gauge.Collect(ch)
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// observer feeds the tables' events into the metrics.
type observer struct{ m *metrics }

func (o observer) Applied(by string, d time.Duration) {
	o.m.actions.WithLabelValues(by).Inc()
	o.m.latency.Observe(d.Seconds())
}

func (o observer) Appended(d time.Duration) { o.m.appendDur.Observe(d.Seconds()) }

func (o observer) Refused(code string) { o.m.refused.WithLabelValues(code).Inc() }

func (o observer) Moved(way string) { o.m.moves.WithLabelValues(way).Inc() }

// watchBus adds the state of a cluster node's NATS connection.
func (m *metrics) watchBus(b *natsbus.Bus) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "skullking_bus_connected",
		Help: "1 while this node is connected to NATS, 0 while it is not."}, func() float64 {
		if b.Conn().IsConnected() {
			return 1
		}
		return 0
	}))
}
