// Package webtest plays Skull King in a real browser: its tests start the
// real server in-process on a free port, drive headless Chromium through
// the DevTools protocol (chromedp) and click, type and read the page as a
// player would. It holds tests only.
//
// Chromium is /usr/bin/chromium (scripts/install-chromium installs it from
// Debian's packages, and scripts/test runs that first). Without it the
// tests skip with a message — except under CI=true, where a missing browser
// is a failure, so that CI never passes by testing nothing. Screenshots of
// the lobby and its create form, a trick in progress, a trick just
// completed, the bidding beside the last round's breakdown (desktop and
// phone each), a trick at a table of eight on a phone, the rules page's
// options and the final chart go to test-output/ at the repository's root.
//
// Tests that read scores on screen deal known games: the server is started
// with a fixed deal seed (server.Config.Seed), the bots are seeded from it
// and the page's player clicks the same way each time.
package webtest
