package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

// objectCases are the inputs where a JSON object scan most easily parts from encoding/json:
// every rule of the grammar broken once, escapes, ill-formed UTF-8, repeated keys, the depth
// limit, and the members the readers look at in every kind of value, missing ones included.
var objectCases = []string{
	``, ` `, `{`, `}`, `{}`, ` {} `, "\t{\r\n}\n", `{ }`, `{,}`, `[]`, `"{}"`, `{}{}`, `{} x`, `{}}`,
	`{"a":1}`, `{"a":1,}`, `{"a" 1}`, `{a:1}`, `{'a':1}`, `{"a":1 "b":2}`, `{"a":1 , "b" : 2 }`,
	`{"a"}`, `{"a":}`, `{"a"`, `{"a":`, `{"a":1`, `{"a":"`, `{"a":"\`, `{"a":"\u12`, `{"a":"\u12"}`,
	`{"a":0}`, `{"a":-0}`, `{"a":01}`, `{"a":-}`, `{"a":-a}`, `{"a":1.}`, `{"a":.5}`, `{"a":1.5}`,
	`{"a":1e}`, `{"a":1e+}`, `{"a":1e+5}`, `{"a":1E-05}`, `{"a":1.5e3}`, `{"a":+1}`, `{"a":0x1}`,
	`{"a":1e400}`, `{"a":-12.30e+0}`, `{"a":Infinity}`, `{"a":NaN}`,
	`{"a":true}`, `{"a":false}`, `{"a":null}`, `{"a":tru}`, `{"a":truee}`, `{"a":nul}`, `{"a":True}`,
	`{"a":[]}`, `{"a":[ ]}`, `{"a":[1,2]}`, `{"a":[1,2,]}`, `{"a":[,1]}`, `{"a":[1 2]}`, `{"a":[}`,
	`{"a":{"b":{}}}`, `{"a":{"b":}}`, `{"a":{"b"}}`, `{"a":{1:2}}`, `{"a":[{"b":[null]}]}`,
	`{"a":"\u00e9"}`, `{"a":"\u00E9"}`, `{"a":"\u00g9"}`, `{"a":"\x"}`, `{"a":"\/\b\f\n\r\t\\\""}`,
	"{\"a\":\"tab\there\"}", "{\"a\":\"nul\x00\"}", "{\"a\":\"del\x7f\"}", "{\"a\":\"\xff\"}",
	"{\"\xff\":1}", "{\"a\xc3\":1}", "{\"caf\xc3\xa9\":1}", "{\"a\":1}\xa0", "\xa0{\"a\":1}",
	`{"\u0061":1,"a":2}`, `{"a":1,"a":2}`, `{"a":"x","b":1,"a":"y"}`, `{"\ud800":1}`, `{"\ud83d\ude00":1}`,
	`{"b":1,"a":2}`, `{"":1}`, `{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17,"r":18,"a":19}`,
	`{"type":"routing","agentId":"voicing"}`, `{"object":"chat.completion.chunk","choices":[]}`,
	`{"event":"delta"}`, `{"kind":"x"}`, `{"type":1,"kind":"k"}`, `{"type":"a\"b"}`, `{"type":"\u0041"}`,
	`{"error":"Failed"}`, `{"error":null}`, `{"error":{"message":"m"}}`, `{"error":{"code":1}}`,
	`{"type":"routing","error":"x"}`, `{"error":"x","type":"routing"}`, `{"type":"routing","type":"x","error":"e"}`,
	`{"type":"error"}`, `{"type":"error","message":"m"}`, `{"type":"error","message":{"message":"m"}}`,
	`{"type":"err\u006fr"}`, `[DONE]`, ` [DONE]`, `[1,2]`, `Hello`, `{"a":1} trailing`, `null`, `1`,
	`{"type":"rout\u0069ng"}`, `{"type":"routing","type":"x"}`, `{"type":"x","type":"routing"}`,
	`{"ty\u0070e":"routing"}`, `{"type":"routing\u0000"}`, "{\"type\":\"routing\",\"\xff\":1}",
	`{"error":""}`, `{"error":0}`, `{"error":-0}`, `{"error":0.0}`, `{"error":1e400}`, `{"error":-1e400}`,
	`{"error":false}`, `{"error":true}`, `{"error":[]}`, `{"error":[null,1,"a",[2,null],{}]}`, `{"error":{}}`,
	`{"error":"\ud800"}`, `{"error":"a\u2028b"}`, `{"error":1.5e-7}`, `{"error":123456789012345678901234}`,
	`{"error":"x","error":null}`, `{"error":null,"error":"x"}`, `{"err\u006fr":"escaped key"}`,
	`{"error":{"message":""}}`, `{"error":{"message":0}}`, `{"error":{"message":{"a":[1,"\u2028"]}}}`,
	`{"error":{"message":"m","message":"n"}}`, `{"error":{"message":[1,null]}}`,
	`{"type":"chunk","content":"a"}`, `{"type":"chunk","content":null}`, `{"type":"chunk"}`,
	`{"type":"chunk","content":1}`, `{"type":"chunk","content":{"a":1}}`, `{"type":"chunk","content":["a"]}`,
	`{"type":"usage"}`, `{"type":"done"}`, `{"type":""}`, `{"type":0}`, `{"type":null,"content":"a"}`,
	`{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"d"}`, `{"type":"TEXT_MESSAGE_CONTENT","delta":null}`,
	`{"type":"TEXT_MESSAGE_CONTENT"}`, `{"type":"TEXT_MESSAGE_CONTENT","delta":["a",null]}`,
	`{"type":"RUN_ERROR","message":"boom"}`, `{"type":"RUN_ERROR"}`, `{"type":"RUN_ERROR","message":7}`,
	`{"type":"RUN_FINISHED"}`, `{"type":"RUN_STARTED","threadId":"t","runId":"r"}`,
	`{"type":"TEXT_MESSAGE_START","messageId":"m","role":"user"}`, `{"type":"TEXT_MESSAGE_START","messageId":"m","role":1}`,
	`{"type":"STEP_STARTED","stepName":"s"}`, `{"type":"STEP_STARTED","stepName":"s","stepName":2}`,
	`{"type":"text.delta","text":"x"}`, `{"type":"text.delta","text":5}`, `{"type":"finish"}`,
	`{"choices":[{"delta":{"content":"c"}}]}`, `{"choices":[{"delta":{"content":null}}]}`,
	`{"choices":[{"delta":{}}]}`, `{"choices":[]}`, `{"choices":{"0":{"delta":{"content":"k"}}}}`,
	`{"choices":[{"delta":{"content":"a","content":"b"}}]}`, `{"choices":[{"delta":{"content":1e21}}]}`,
	`{"choices":"abc"}`, `{"choices":null}`, `{"choices":[{"delta":{"content":false}}]}`,
	`{"choices":[{"delta":{"cont\u0065nt":"escaped"}}]}`,
	`{"a":` + strings.Repeat("[", 9999) + strings.Repeat("]", 9999) + `}`,
	`{"a":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`,
	`{"a":` + strings.Repeat(`{"b":`, 9999) + `1` + strings.Repeat("}", 9999) + `}`,
	`{"a":` + strings.Repeat(`{"b":`, 10000) + `1` + strings.Repeat("}", 10000) + `}`,
	`{"error":` + strings.Repeat("[", 9999) + strings.Repeat("]", 9999) + `}`,
}

// decodeObject reads data as a JSON object with encoding/json's decoder, the plain way: its
// members in order, repeated keys included, each key unquoted and each value as written.
func decodeObject(data string) (Object, bool) {
	if !json.Valid([]byte(data)) {
		return nil, false
	}
	dec := json.NewDecoder(strings.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, false
	}
	var obj Object
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, false
		}
		k, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, false
		}
		obj = append(obj, Member{k, string(v)})
	}
	return obj, true
}

// TestParseObjectAgreesWithTheDecoder checks ParseObject, IsObject, Lookup, Keys and JSONString
// against encoding/json on every case, and that the cases hold both verdicts at the depth limit.
func TestParseObjectAgreesWithTheDecoder(t *testing.T) {
	valid := map[bool]int{}
	for _, data := range objectCases {
		checkParseObject(t, data)
		if strings.HasPrefix(data, `{"a":[[[`) || strings.HasPrefix(data, `{"a":{"b":{"b":`) {
			valid[json.Valid([]byte(data))]++
		}
	}
	if valid[true] != 2 || valid[false] != 2 {
		t.Errorf("deep cases: %d valid, %d not; want 2 of each", valid[true], valid[false])
	}
}

func checkParseObject(t *testing.T, data string) {
	t.Helper()
	want, wantOK := decodeObject(data)
	var buf [4]Member
	got, ok := ParseObject(data, buf[:0])
	if ok != wantOK || ok && !slices.Equal(got, want) {
		t.Errorf("ParseObject(%.80q) = %q, %v; encoding/json gives %q, %v", data, got, ok, want, wantOK)
		return
	}
	if IsObject(data) != wantOK || IsObject([]byte(data)) != wantOK {
		t.Errorf("IsObject(%.80q) = %v; encoding/json says %v", data, !wantOK, wantOK)
	}
	if !ok {
		return
	}
	var byMap map[string]json.RawMessage
	if err := json.Unmarshal([]byte(data), &byMap); err != nil {
		t.Fatalf("json.Unmarshal(%.80q): %v", data, err)
	}
	var firstSeen []string
	for _, m := range want {
		if !slices.Contains(firstSeen, m.Key) {
			firstSeen = append(firstSeen, m.Key)
		}
		var s string
		str, isStr := JSONString(m.Raw)
		if wantStr := m.Raw[0] == '"' && json.Unmarshal([]byte(m.Raw), &s) == nil; isStr != wantStr || str != s {
			t.Errorf("JSONString(%.80q) = %q, %v; encoding/json gives %q, %v", m.Raw, str, isStr, s, wantStr)
		}
	}
	if keys := got.Keys(); !slices.Equal(keys, firstSeen) {
		t.Errorf("Keys of %.80q = %q; encoding/json gives %q", data, keys, firstSeen)
	}
	for _, key := range append(slices.Collect(mapKeys(byMap)), "type", "error", "missing") {
		raw, found := got.Lookup(key)
		v, wantFound := byMap[key]
		if raw != string(v) || found != wantFound || got.Get(key) != string(v) {
			t.Errorf("Lookup(%q) in %.80q = %q, %v; the map gives %q, %v", key, data, raw, found, v, wantFound)
		}
	}
}

func mapKeys(m map[string]json.RawMessage) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func FuzzParseObject(f *testing.F) {
	for _, data := range objectCases {
		f.Add(data)
	}
	f.Fuzz(checkParseObject)
}

// parseObjectByMap is JSON.parse for an object as the readers once had it: encoding/json into
// a map, which keeps a repeated key's last value and gives nil for a missing one.
func parseObjectByMap(s string) (map[string]json.RawMessage, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal([]byte(s), &obj); err != nil {
		return nil, err
	}
	if obj == nil {
		return nil, errors.New("not a JSON object")
	}
	return obj, nil
}

// readerKeys are the members the readers ask an object for.
var readerKeys = []string{"type", "error", "message", "delta", "content", "choices", "messageId",
	"stepName", "role", "text", "threadId", "runId", "name", "0", "missing"}

// TestJSONParseObjectAgreesWithTheMap checks jsonParseObject against the map the readers used
// to read objects into, on the cases and on every event of every writer's streams, as each
// reader takes the data (as it is, and trimmed): the same error, word for word, and for every
// member the readers ask for, the same value, and from it the same string, truthiness and
// JavaScript String() that the readers put in front of the user.
func TestJSONParseObjectAgreesWithTheMap(t *testing.T) {
	inputs := slices.Clone(objectCases)
	for _, s := range npmStreams() {
		for _, ev := range OnMessageEvents(s.stream) {
			inputs = append(inputs, ev, jsTrim(ev))
		}
		for block := range bytes.SplitSeq(s.stream, []byte("\n\n")) {
			for line := range strings.SplitSeq(string(block), "\n") {
				if rest, ok := strings.CutPrefix(line, "data:"); ok {
					inputs = append(inputs, rest, jsTrim(rest))
				}
			}
		}
	}
	checked := 0
	for _, data := range inputs {
		obj, err := jsonParseObject(data, nil)
		byMap, mapErr := parseObjectByMap(data)
		if (err == nil) != (mapErr == nil) || err != nil && err.Error() != mapErr.Error() {
			t.Errorf("jsonParseObject(%.80q) fails with %v; the map with %v", data, err, mapErr)
			continue
		}
		if err != nil {
			continue
		}
		checked++
		keys := append(slices.Collect(mapKeys(byMap)), readerKeys...)
		for _, key := range keys {
			raw, ok := obj.Lookup(key)
			v, wantOK := byMap[key]
			if ok != wantOK || raw != string(v) {
				t.Errorf("jsonParseObject(%.80q)[%q] = %q, %v; the map gives %q, %v", data, key, raw, ok, v, wantOK)
				continue
			}
			checkValueReads(t, raw, v)
		}
	}
	if checked < 100 {
		t.Errorf("only %d of %d inputs were objects", checked, len(inputs))
	}
}

// checkValueReads checks what the readers make of one value against encoding/json's reading of
// the same bytes: its string, whether it is the string "routing", and, for a value that is
// there, its truthiness and String().
func checkValueReads(t *testing.T, raw string, v json.RawMessage) {
	t.Helper()
	var s string
	isStr := len(v) > 0 && v[0] == '"' && json.Unmarshal(v, &s) == nil
	if got := jsonStringValue(raw); got != s {
		t.Errorf("jsonStringValue(%.80q) = %q; encoding/json gives %q", raw, got, s)
	}
	if got := jsonIsString(raw, "routing"); got != (isStr && s == "routing") {
		t.Errorf("jsonIsString(%.80q, routing) = %v", raw, got)
	}
	if len(v) == 0 {
		if got := jsStringOrUndefined(raw); got != "undefined" {
			t.Errorf("a missing value reads as %q, not undefined", got)
		}
		return
	}
	var x any
	if err := json.Unmarshal(v, &x); err != nil {
		return // a number beyond float64, which JavaScript reads as Infinity
	}
	truthy := x != nil && x != false && x != "" && x != 0.0
	if got := jsTruthy(raw); got != truthy {
		t.Errorf("jsTruthy(%.80q) = %v; want %v", raw, got, truthy)
	}
	if isStr {
		if got := jsString(raw); got != s {
			t.Errorf("jsString(%.80q) = %q; encoding/json gives %q", raw, got, s)
		}
	}
}
