// Package webtest plays Skull King in a real browser: its tests start the
// real server in-process on a free port, drive headless Chromium through
// the DevTools protocol (chromedp) and click, type and read the page as a
// player would. It holds tests only.
//
// Chromium is /usr/bin/chromium (scripts/install-chromium installs it from
// Debian's packages, and scripts/test runs that first). Without it the
// tests skip with a message — except under CI=true, where a missing browser
// is a failure, so that CI never passes by testing nothing. Screenshots of
// the lobby, a trick in progress (desktop and phone) and the final chart go
// to test-output/ at the repository's root.
package webtest
