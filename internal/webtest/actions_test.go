package webtest

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// colorScheme makes the page see prefers-color-scheme as dark or light.
func colorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
		return err
	})
}

// clearAndType replaces an input's text by typing, as a person would.
func clearAndType(sel, text string) chromedp.Action[chromedp.Void] {
	q, _ := json.Marshal(sel)
	return chromedp.Steps(
		chromedp.WaitVisible(chromedp.CSS(sel)),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](`(() => { const e = document.querySelector(`+string(q)+`); e.value = ''; return true; })()`)(ctx, t)
			return err
		}),
		chromedp.SendKeys(chromedp.CSS(sel), text),
	)
}

// scrollTo brings an element into view.
func scrollTo(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		q, _ := json.Marshal(sel)
		_, err := chromedp.Evaluate[bool](`(() => { const e = document.querySelector(`+string(q)+`); if (e) e.scrollIntoView({block: 'center'}); return !!e; })()`)(ctx, t)
		return err
	})
}

// selectValue chooses an option of a select, as picking it from the list does.
func selectValue(sel, value string) chromedp.Action[chromedp.Void] {
	q, _ := json.Marshal(sel)
	v, _ := json.Marshal(value)
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[bool](`(() => { const e = document.querySelector(`+string(q)+`); e.value = `+string(v)+`;
			e.dispatchEvent(new Event('change', {bubbles: true})); return e.value === `+string(v)+`; })()`)(ctx, t)
		return err
	})
}

// Keys for KeyEvent.
const (
	kbHome   = "\u0306"
	kbRight  = "\u0303"
	kbEscape = "\u001b"
)

func itoa(n int) string { return strconv.Itoa(n) }
