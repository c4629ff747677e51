package probe

import (
	"encoding/json"
	"strings"
	"testing"

	"course/wire"
)

// classifyByDecoder is Classify written on encoding/json's decoder, the plain way: the scan that
// Classify runs must agree with it on every input, valid JSON or not.
func classifyByDecoder(typ, data string) (kind, name string) {
	if data == wire.Done {
		return KindDone, ""
	}
	keys, obj, isObj := decodeObject(data)
	str := func(raw json.RawMessage) (string, bool) {
		var s string
		if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
			return "", false
		}
		return s, true
	}
	message := func(values ...json.RawMessage) string {
		for _, v := range values {
			if s, ok := str(v); ok {
				return s
			}
			var inner struct {
				Message string `json:"message"`
			}
			if len(v) > 0 && v[0] == '{' && json.Unmarshal(v, &inner) == nil && inner.Message != "" {
				return inner.Message
			}
		}
		for _, v := range values {
			if len(v) > 0 {
				return string(v)
			}
		}
		return ""
	}
	if isObj {
		if wire.Kind(data) == "error" {
			return KindError, message(obj["error"])
		}
		if s, ok := str(obj["type"]); ok && s == "error" {
			return KindError, message(obj["message"], obj["error"])
		}
	}
	if typ == "error" {
		return KindError, data
	}
	if !isObj {
		return KindText, ""
	}
	for _, k := range []string{"type", "event", "object", "kind"} {
		if s, ok := str(obj[k]); ok {
			return KindJSON, k + "=" + s
		}
	}
	return KindJSON, "{" + strings.Join(keys, ", ") + "}"
}

// decodeObject reads data as a JSON object with encoding/json: its keys in the order they first
// appear, and its members, the last of a repeated key kept.
func decodeObject(data string) ([]string, map[string]json.RawMessage, bool) {
	if !json.Valid([]byte(data)) {
		return nil, nil, false
	}
	dec := json.NewDecoder(strings.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil, false
	}
	var keys []string
	obj := map[string]json.RawMessage{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, false
		}
		k, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, false
		}
		if _, seen := obj[k]; !seen {
			keys = append(keys, k)
		}
		obj[k] = v
	}
	return keys, obj, true
}

// classifyCases are the inputs where a JSON scan most easily parts from encoding/json: every
// rule of the grammar broken once, escapes, ill-formed UTF-8, repeated keys, the depth limit,
// and each way Classify names an event.
var classifyCases = []string{
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
	`{"type":"error","message":{"message":""},"error":"e"}`, `{"type":"error","error":{"message":"Overloaded"}}`,
	`{"type":"err\u006fr"}`, `[DONE]`, ` [DONE]`, `[1,2]`, `Hello`, `{"a":1} trailing`, `null`, `1`,
	`{"a":` + strings.Repeat("[", 9999) + strings.Repeat("]", 9999) + `}`,
	`{"a":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`,
	`{"a":` + strings.Repeat(`{"b":`, 9999) + `1` + strings.Repeat("}", 9999) + `}`,
	`{"a":` + strings.Repeat(`{"b":`, 10000) + `1` + strings.Repeat("}", 10000) + `}`,
}

// TestClassifyAgreesWithTheDecoder checks Classify, and isText and isObject, against
// encoding/json on every case, and that the cases hold both verdicts at the depth limit.
func TestClassifyAgreesWithTheDecoder(t *testing.T) {
	valid := map[bool]int{}
	for _, data := range classifyCases {
		for _, typ := range []string{"message", "error"} {
			checkClassify(t, typ, data)
		}
		if strings.HasPrefix(data, `{"a":[[[`) || strings.HasPrefix(data, `{"a":{"b":{"b":`) {
			valid[json.Valid([]byte(data))]++
		}
	}
	if valid[true] != 2 || valid[false] != 2 {
		t.Errorf("deep cases: %d valid, %d not; want 2 of each", valid[true], valid[false])
	}
}

func checkClassify(t *testing.T, typ, data string) {
	t.Helper()
	kind, name := Classify(typ, data)
	wantKind, wantName := classifyByDecoder(typ, data)
	if kind != wantKind || name != wantName {
		t.Errorf("Classify(%q, %.80q) = %q, %q; encoding/json gives %q, %q", typ, data, kind, name, wantKind, wantName)
	}
	if got := isText(typ, data); got != (wantKind == KindText) {
		t.Errorf("isText(%q, %.80q) = %v; encoding/json gives kind %q", typ, data, got, wantKind)
	}
	_, _, obj := decodeObject(data)
	if isObject(data) != obj || isObject([]byte(data)) != obj {
		t.Errorf("isObject(%.80q) = %v; encoding/json says %v", data, !obj, obj)
	}
}

func FuzzClassify(f *testing.F) {
	for _, data := range classifyCases {
		f.Add("message", data)
	}
	f.Add("error", "boom")
	f.Fuzz(func(t *testing.T, typ, data string) {
		checkClassify(t, typ, data)
	})
}
