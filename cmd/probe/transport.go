package probe

import (
	"fmt"
	"strconv"
	"strings"

	"course/internal/cmdutil"
	"course/internal/report"
	"course/stream/probe"
)

// transportRun puts the transport and what only some transports take into the probe's options.
func (o *ProbeOptions) transportRun(po *probe.Options) error {
	transport, err := probe.TransportFor(o.Transport, o.URL)
	if err != nil {
		return probeUsage("--transport: %v", err)
	}
	po.Transport, po.HubMethod = transport, o.HubMethod
	if transport == probe.TransportSSE {
		if o.HubMethod != "" {
			return probeUsage("--hub-method is for SignalR: add --transport signalr")
		}
		return nil
	}
	if !o.MethodSet {
		po.Method = ""
	}
	if o.MaxLineSet {
		return probeUsage("--max-line is for server-sent events: over a %s, --max-bytes bounds each message", transport)
	}
	if len(o.Readers) > 0 {
		readers, err := probe.FindMessageReaders(transport, o.Readers)
		if err != nil {
			return &cmdutil.ExitError{Code: cmdutil.ExitCannotRun, Err: err}
		}
		po.MessageReaders = readers
	}
	return nil
}

// printMessages is print for a stream of messages: a WebSocket's, or a SignalR invocation's items.
func (p *probeReport) printMessages(complete bool) {
	rep := p.rep
	signalR := rep.Transport == probe.TransportSignalR
	if signalR {
		method := ""
		if rep.SignalR != nil {
			method = ", " + rep.SignalR.Method
		}
		p.r.Title("SignalR %s%s", rep.URL, method)
		if rep.SignalR != nil {
			p.r.Line("negotiate: %s offered", strings.Join(rep.SignalR.Transports, ", "))
		}
	} else {
		p.r.Title("WebSocket %s", rep.URL)
	}
	p.r.Line("%s %d %s", rep.Proto, rep.Status, rep.StatusText)
	if rep.ErrorBody != "" {
		p.r.Line("body: %s", rep.ErrorBody)
	}
	if rep.Status != 101 {
		return
	}
	p.messageEvents(signalR)
	if signalR {
		p.hubFacts()
	} else {
		p.socketFacts()
	}
	p.messageTiming(signalR)
	p.messageHazards(complete, signalR)
	p.readers()
	if !complete {
		return
	}
	p.r.Blank()
	p.r.Line("result: %s", probeVerdict(rep))
}

// unit is what one event of the stream is: a message, or an item.
func unit(signalR bool) string {
	if signalR {
		return "item"
	}
	return "message"
}

// messageEvents lists the messages, or items, each one event, when it arrived and what it is.
func (p *probeReport) messageEvents(signalR bool) {
	rep := p.rep
	if signalR {
		id := ""
		if rep.SignalR != nil {
			id = " " + rep.SignalR.InvocationID
		}
		p.r.Title("Items of invocation%s, one event each (%d, %d bytes)", id, rep.EventCount, rep.Bytes)
	} else {
		p.r.Title("Messages, one event each (%d, %d bytes)", rep.EventCount, rep.Bytes)
	}
	events := rep.Events
	if len(events) == 0 {
		p.r.Line("none")
		return
	}
	head, tail := len(events), 0
	if rep.EventsLeftOut > 0 {
		head = (len(events) + 1) / 2
		tail = len(events) - head
	}
	rows := make([][]string, 0, head+tail+1)
	row := func(i, n int) {
		e := events[i]
		r := []string{strconv.Itoa(n), e.At.String(), e.Type}
		if !signalR {
			r = append(r, strconv.Itoa(max(e.Frames, 1)))
		}
		rows = append(rows, append(r, strconv.Itoa(e.Lines), messageKind(e), probePreview(e.Data, 40)))
	}
	for i := range head {
		row(i, i+1)
	}
	if tail > 0 {
		gap := []string{"…", "", ""}
		if !signalR {
			gap = append(gap, "")
		}
		rows = append(rows, append(gap, "", "", fmt.Sprintf("(%d %ss left out: --all-events prints them)", rep.EventsLeftOut, unit(signalR))))
		for i := head; i < len(events); i++ {
			row(i, rep.EventCount-len(events)+i+1)
		}
	}
	header := []string{unit(signalR), "at", "type", "lines", "kind", "data"}
	if !signalR {
		header = []string{"message", "at", "type", "frames", "lines", "kind", "data"}
	}
	p.r.Table(header, rows)
}

func messageKind(e probe.Event) string {
	if e.Kind == probe.KindMarker {
		return "end marker"
	}
	return probeEventKind(e)
}

// socketFacts is what the WebSocket carried at frame level.
func (p *probeReport) socketFacts() {
	ws := p.rep.WebSocket
	if ws == nil {
		return
	}
	p.r.Title("The socket, frame by frame")
	p.r.Facts(0,
		report.Fact{Label: "frames in", Value: strconv.Itoa(ws.FramesIn)},
		report.Fact{Label: "messages", Value: fmt.Sprintf("%d: %d binary, %d in more than one frame", ws.Messages, ws.BinaryMessages, ws.Fragmented)},
		report.Fact{Label: "largest", Value: probe.FormatSize(ws.Largest)},
		report.Fact{Label: "pings", Value: fmt.Sprintf("%d, each answered with a pong", ws.Pings)},
		report.Fact{Label: "close", Value: socketClose(ws.Close)},
	)
}

// hubFacts is what the hub protocol carried.
func (p *probeReport) hubFacts() {
	h := p.rep.SignalR
	if h == nil {
		return
	}
	completion := "none"
	switch {
	case h.Completed && h.CompletionErr != "":
		completion = fmt.Sprintf("with the error %q", h.CompletionErr)
	case h.Completed:
		completion = "yes"
	case h.CloseErr != "":
		completion = fmt.Sprintf("none: the hub closed with the error %q", h.CloseErr)
	}
	p.r.Title("The hub protocol")
	facts := []report.Fact{
		{Label: "records", Value: fmt.Sprintf("%d in %d WebSocket messages: %d split across messages, %d packed with others", h.Records, h.Messages, h.SplitRecords, h.PackedRecords)},
		{Label: "pings", Value: strconv.Itoa(h.Pings)},
		{Label: "completion", Value: completion},
	}
	if ws := p.rep.WebSocket; ws != nil {
		facts = append(facts, report.Fact{Label: "close", Value: socketClose(ws.Close)})
	}
	p.r.Facts(0, facts...)
}

func socketClose(c *probe.SocketClose) string {
	switch {
	case c == nil:
		return "(still open)"
	case c.By == "nobody":
		return fmt.Sprintf("%d, no close frame: the connection ended", c.Code)
	}
	s := fmt.Sprintf("%d %s, from the %s", c.Code, c.Name, c.By)
	if c.Reason != "" {
		s += ": " + strconv.Quote(c.Reason)
	}
	return s
}

// messageTiming says when the parts arrived and whether the text was streamed.
func (p *probeReport) messageTiming(signalR bool) {
	t := p.rep.Timing
	p.r.Title("Timing, from the request")
	handshake := "socket open"
	if signalR {
		handshake = "hub ready"
	}
	p.r.Facts(0,
		report.Fact{Label: handshake, Value: t.Headers.String()},
		report.Fact{Label: "first " + unit(signalR), Value: millisOrNone(t.FirstEvent)},
		report.Fact{Label: "first text", Value: millisOrNone(t.FirstText)},
		report.Fact{Label: "end", Value: t.End.String()},
		report.Fact{Label: "streamed", Value: streamedAs(t, "text "+unit(signalR)+"s", "JSON "+unit(signalR)+"s")},
	)
}

// messageHazards lists the hazards, with the messages or items where they show, then what
// the stream did that the protocol allows.
func (p *probeReport) messageHazards(complete, signalR bool) {
	rep := p.rep
	if complete {
		p.r.Title("Hazards on the wire")
	} else {
		p.r.Title("Hazards on the wire, in the %d bytes received", rep.Bytes)
	}
	if len(rep.Hazards) == 0 {
		p.r.Line("none")
	}
	for _, h := range rep.Hazards {
		where := ""
		if len(h.Lines) > 0 {
			where = " (" + numbered(unit(signalR), h.Lines, max(h.LinesInAll, len(h.Lines))) + ")"
		}
		p.r.Line("%s%s: %s", h.Code, where, h.Detail)
	}
	for _, n := range rep.Legal {
		p.r.Line("legal, no hazard: %s: %s", n.Code, n.Detail)
	}
}

// numbered lists the first few numbers of what a hazard shows on.
func numbered(noun string, ns []int, all int) string {
	const shown = 8
	parts := make([]string, 0, shown+1)
	for i, n := range ns {
		if i == shown {
			break
		}
		parts = append(parts, strconv.Itoa(n))
	}
	if all > len(parts) {
		parts = append(parts, fmt.Sprintf("… %d in all", all))
	}
	if all != 1 {
		noun += "s"
	}
	return noun + " " + strings.Join(parts, ", ")
}
