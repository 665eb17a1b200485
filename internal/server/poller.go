package server

// poller returns the server's poller of idle connections, started on first
// use, or nil where it cannot run.
func (s *Server) poller() *poller {
	s.pollOnce.Do(func() {
		p, err := newPoller()
		if err != nil {
			s.log.Warn("idle connections keep a goroutine each", "err", err)
			return
		}
		s.poll = p
	})
	return s.poll
}

// unpark takes a connection that ended off the poller, if it was ever
// parked (whose reader then started the poller).
func (s *Server) unpark(c *conn) {
	if c.serial != 0 {
		s.poll.forget(c)
	}
}
