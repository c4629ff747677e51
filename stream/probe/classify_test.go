package probe

import (
	"encoding/json"
	"strings"
	"testing"

	"course/stream/wire"
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

// decodeObject reads data as a JSON object with encoding/json, its members in a map that keeps
// the last of a repeated key; the keys in the order they first appear are wire.Object's, which
// wire's tests hold to encoding/json's decoder.
func decodeObject(data string) ([]string, map[string]json.RawMessage, bool) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal([]byte(data), &obj); err != nil || obj == nil {
		return nil, nil, false
	}
	members, _ := wire.ParseObject(data, nil)
	return members.Keys(), obj, true
}

// classifyCases are the events Classify names one way or another: each naming field, errors of
// every shape, repeated and escaped keys, and data that is almost an object. How the object is
// read, rule by rule of the grammar, is wire's to test.
var classifyCases = []string{
	``, ` `, `{`, `{}`, ` {} `, `[]`, `"{}"`, `{}{}`, `{"a":1,}`, `{a:1}`, `{"a":"\u12"}`,
	"{\"\xff\":1}", "{\"caf\xc3\xa9\":1}", "\xa0{\"a\":1}", `{"\u0061":1,"a":2}`, `{"b":1,"a":2}`, `{"":1}`,
	`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17,"r":18,"a":19}`,
	`{"type":"routing","agentId":"voicing"}`, `{"object":"chat.completion.chunk","choices":[]}`,
	`{"event":"delta"}`, `{"kind":"x"}`, `{"type":1,"kind":"k"}`, `{"type":"a\"b"}`, `{"type":"\u0041"}`,
	`{"error":"Failed"}`, `{"error":null}`, `{"error":{"message":"m"}}`, `{"error":{"code":1}}`,
	`{"type":"routing","error":"x"}`, `{"error":"x","type":"routing"}`, `{"type":"routing","type":"x","error":"e"}`,
	`{"type":"error"}`, `{"type":"error","message":"m"}`, `{"type":"error","message":{"message":"m"}}`,
	`{"type":"error","message":{"message":""},"error":"e"}`, `{"type":"error","error":{"message":"Overloaded"}}`,
	`{"type":"err\u006fr"}`, `[DONE]`, ` [DONE]`, `[1,2]`, `Hello`, `{"a":1} trailing`, `null`, `1`,
	`{"a":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`,
}

// TestClassifyAgreesWithTheDecoder checks Classify and isText against encoding/json on every
// case.
func TestClassifyAgreesWithTheDecoder(t *testing.T) {
	for _, data := range classifyCases {
		for _, typ := range []string{"message", "error"} {
			checkClassify(t, typ, data)
		}
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
