package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"course/stream/sse"
)

// answer fetches or reads the answer the stream should deliver. A non-2xx answer endpoint is no
// error: the report says what it answered, and the readers are shown without a measure.
func (p *prober) answer(ctx context.Context, field string) (*Answer, error) {
	if p.opts.AnswerFile != "" {
		b, err := os.ReadFile(p.opts.AnswerFile)
		if err != nil {
			return nil, fail(ReasonAnswer, err, "answer file: %v", err)
		}
		ans := &Answer{Source: p.opts.AnswerFile}
		if !strings.EqualFold(extension(p.opts.AnswerFile), ".json") {
			ans.Text, ans.OK = string(b), true
			return ans, nil
		}
		text, err := answerField(b, field)
		if err != nil {
			return nil, fail(ReasonAnswer, err, "answer file %s: %v", p.opts.AnswerFile, err)
		}
		ans.Text, ans.OK = text, true
		return ans, nil
	}

	if ctx.Err() != nil {
		return &Answer{Source: p.opts.AnswerURL, Problem: "not asked: the probe stopped before the stream ended"}, nil
	}
	req, err := p.request(ctx, p.opts.AnswerURL)
	if err != nil {
		return nil, fail(ReasonUsage, err, "build answer request: %v", err)
	}
	req.Header.Set("Accept", "application/json")
	for _, v := range p.opts.Header.Values("Accept") {
		req.Header.Set("Accept", v)
	}
	resp, err := p.client.Do(req)
	if err != nil {
		return nil, p.transportError(ctx, p.opts.AnswerURL, err, "waiting for the answer")
	}
	defer resp.Body.Close()
	body, err := decodeBody(resp)
	if err != nil {
		return nil, fail(ReasonAnswer, err, "answer: %v", err)
	}
	b, err := io.ReadAll(io.LimitReader(body, int64(p.limits.bytes)+1))
	if err == nil && len(b) > p.limits.bytes {
		return nil, fail(ReasonLimit, nil, "the answer from %s is longer than %s: raise --max-bytes", p.opts.AnswerURL, FormatSize(p.limits.bytes))
	}
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, fail(ReasonTimeout, err, "timed out after %s reading the answer from %s", p.timeout, p.opts.AnswerURL)
		}
		return nil, fail(ReasonAnswer, err, "read the answer from %s: %v", p.opts.AnswerURL, err)
	}
	ans := &Answer{Source: p.opts.AnswerURL, Status: resp.StatusCode}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		ans.Problem = fmt.Sprintf("%s %s answered %s: %s", p.method, p.opts.AnswerURL, resp.Status, trimBody(b))
		return ans, nil
	}
	text, err := answerField(b, field)
	if err != nil {
		return nil, fail(ReasonAnswer, err, "answer from %s: %v", p.opts.AnswerURL, err)
	}
	ans.Text, ans.OK = text, true
	return ans, nil
}

func extension(path string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 && !strings.ContainsAny(path[i:], `/\`) {
		return path[i:]
	}
	return ""
}

// answerField reads the string at a dotted path of a JSON document; a number in the path
// indexes an array.
func answerField(doc []byte, path string) (string, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return "", fmt.Errorf("not JSON (%v): %s", err, trimBody(doc))
	}
	walked := ""
	for seg := range strings.SplitSeq(path, ".") {
		walked = strings.TrimPrefix(walked+"."+seg, ".")
		switch cur := v.(type) {
		case map[string]any:
			next, ok := cur[seg]
			if !ok {
				return "", fmt.Errorf("no field %q", walked)
			}
			v = next
		case []any:
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 || i >= len(cur) {
				return "", fmt.Errorf("%q: no element %s in an array of %d", walked, seg, len(cur))
			}
			v = cur[i]
		default:
			return "", fmt.Errorf("no field %q: %s is not an object or array", walked, jsonTypeName(cur))
		}
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("field %q is %s, not a string", path, jsonTypeName(v))
	}
	return s, nil
}

func jsonTypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	}
	return "an object"
}

// trimBody makes a body fit in one message: whitespace runs become one space, and the text is
// cut at bodyShown bytes on a character boundary.
func trimBody(b []byte) string {
	s := strings.Join(strings.Fields(sse.DecodeUTF8(b)), " ")
	if s == "" {
		return "(empty body)"
	}
	if len(s) <= bodyShown {
		return s
	}
	cut := bodyShown
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
