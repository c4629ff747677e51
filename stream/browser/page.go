package browser

import (
	"context"
	"fmt"
	"html"
	"strings"

	"github.com/chromedp/chromedp"
)

// Page is one state of a minimal chat page: the user's question and the assistant's bubble.
type Page struct {
	// Caption names the state above the conversation.
	Caption string
	// Question is the user's message.
	Question string
	// Bubble is what the assistant's bubble shows.
	Bubble string
	// Failed shows Bubble as plain text, as the page shows a thrown error, instead of as markdown.
	Failed bool
}

const pageHTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>{{caption}}</title>
<style>
body { margin: 0; background: #eef1f5; font: 15px/1.45 "DejaVu Sans", sans-serif; color: #1d2330; }
#chat { width: 680px; padding: 16px 20px 20px; background: #eef1f5; }
.caption { font-size: 12px; color: #6b7385; margin-bottom: 12px; }
.turn { display: flex; margin: 8px 0; }
.user { justify-content: flex-end; }
.bubble { max-width: 560px; padding: 10px 14px; border-radius: 14px; overflow-wrap: anywhere; }
.user .bubble { background: #2f6fde; color: #fff; border-bottom-right-radius: 4px; }
.assistant .bubble { background: #fff; border-bottom-left-radius: 4px; box-shadow: 0 1px 2px rgba(0,0,0,.12); }
.assistant .bubble.failed { background: #fdecec; color: #9b1c1c; white-space: pre-wrap; }
.bubble p { margin: 0 0 8px; } .bubble p:last-child { margin-bottom: 0; }
.bubble ul { margin: 4px 0 8px; padding-left: 22px; } .bubble li { margin: 2px 0; }
code { font: 13px "DejaVu Sans Mono", monospace; }
</style></head>
<body><div id="chat">
<div class="caption">{{caption}}</div>
<div class="turn user"><div class="bubble">{{question}}</div></div>
<div class="turn assistant"><div class="{{class}}">{{bubble}}</div></div>
</div></body></html>
`

// HTML is the page's document. The caption, the question and a failure are text, escaped; an
// answer is markdown, rendered with its raw HTML left out.
func (p Page) HTML() (string, error) {
	class, bubble := "bubble", ""
	if p.Failed {
		class, bubble = "bubble failed", html.EscapeString(p.Bubble)
	} else {
		rendered, err := RenderMarkdown(p.Bubble)
		if err != nil {
			return "", fmt.Errorf("browser: page: %w", err)
		}
		bubble = rendered
	}
	return strings.NewReplacer(
		"{{caption}}", html.EscapeString(p.Caption),
		"{{question}}", html.EscapeString(p.Question),
		"{{class}}", class,
		"{{bubble}}", bubble,
	).Replace(pageHTML), nil
}

// Shot is a page as Chromium drew it.
type Shot struct {
	// PNG is the picture of the conversation.
	PNG []byte
	// Bullets counts the list items Chromium laid out in the assistant's bubble.
	Bullets int
}

// pageWidth is the viewport's width: the conversation's 720 pixels and nothing more.
const pageWidth = 720

// Screenshot loads p from the loopback server and takes a PNG of the conversation.
func (b *Browser) Screenshot(ctx context.Context, p Page) (Shot, error) {
	html, err := p.HTML()
	if err != nil {
		return Shot{}, err
	}
	b.run.Lock()
	defer b.run.Unlock()
	url, drop := b.servePage(html)
	defer drop()
	runCtx, cancel := b.runCtx(ctx)
	defer cancel()
	if err := chromedp.Do(runCtx,
		chromedp.EmulateViewport(pageWidth, 400),
		chromedp.Navigate(url),
	); err != nil {
		return Shot{}, fmt.Errorf("browser: screenshot: load page: %w", err)
	}
	png, err := chromedp.Run(runCtx, chromedp.Screenshot(chromedp.CSS("#chat")))
	if err != nil {
		return Shot{}, fmt.Errorf("browser: screenshot: %w", err)
	}
	bullets, err := chromedp.Run(runCtx, chromedp.Evaluate[int](`document.querySelectorAll('.assistant li').length`))
	if err != nil {
		return Shot{}, fmt.Errorf("browser: screenshot: count bullets: %w", err)
	}
	return Shot{PNG: png, Bullets: bullets}, nil
}
