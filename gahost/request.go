package gahost

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"course/internal/dotnet"
)

// MaxBodyBytes is the stand-in's request body limit, the course's own: a valid chat request is at
// most about 51 * 2000 characters of JSON, so 1 MiB leaves ample room. Kestrel's default
// (KestrelServerLimits.MaxRequestBodySize, documented as 30,000,000 bytes) is what the stand-in
// follows in how it holds to the limit: a declared Content-Length over it is refused with 413
// before a byte of the body is read, and the connection is closed, as Kestrel's
// RequestBodyTooLarge rejection does.
const MaxBodyBytes = 1 << 20

// Read deadlines of the host's server, variables so tests can shorten them. Kestrel bounds the
// time a request's headers take (RequestHeadersTimeout) and turns away a body that trickles in
// (MinRequestBodyDataRate); a whole request within bodyReadTimeout stands in for that rate. The
// deadline ends once the body is read, and there is no write deadline: it would cut long streams.
var (
	headerReadTimeout = readHeaderDeadline
	bodyReadTimeout   = 30 * time.Second
)

// maxJSONDepth is MVC's JsonOptions.MaxDepth, MvcOptions.DefaultMaxModelBindingRecursionDepth:
// System.Text.Json refuses the 33rd level of nested objects and arrays.
const maxJSONDepth = 32

// Limits of ChatbotController's request records (ChatbotController.cs:530-576).
const (
	maxMessageLen = 2000
	maxHistory    = 50
	maxRoleLen    = 32
	maxContentLen = 2000
)

// wireRequest is ChatRequest as System.Text.Json binds it with Web defaults; encoding/json
// matches property names case-insensitively and ignores unknown ones, as those defaults do.
type wireRequest struct {
	Message             *string    `json:"message"`
	ConversationHistory []wireTurn `json:"conversationHistory"`
	UseSemanticSearch   *bool      `json:"useSemanticSearch"`
}

type wireTurn struct {
	Role    *string `json:"role"`
	Content *string `json:"content"`
}

// rejection is an automatic [ApiController] or framework response, written as problem JSON.
type rejection struct {
	status    int
	errors    Object // nil for problems without validation errors
	exception error  // an exception model binding does not catch: the exception handler's 500
	closeConn bool   // the connection ends with the answer, the rest of the body unread
}

// problemTypes are ASP.NET Core's ProblemDetails defaults per status (type URL, title).
var problemTypes = sync.OnceValue(func() map[int][2]string {
	return map[int][2]string{
		400: {"https://tools.ietf.org/html/rfc9110#section-15.5.1", "One or more validation errors occurred."},
		404: {"https://tools.ietf.org/html/rfc9110#section-15.5.5", "Not Found"},
		408: {"https://tools.ietf.org/html/rfc9110#section-15.5.9", "Request Timeout"},
		413: {"https://tools.ietf.org/html/rfc9110#section-15.5.14", "Content Too Large"},
		415: {"https://tools.ietf.org/html/rfc9110#section-15.5.16", "Unsupported Media Type"},
		500: {"https://tools.ietf.org/html/rfc9110#section-15.6.1", "An error occurred while processing your request."},
	}
})

// problemBody is a ProblemDetails (or ValidationProblemDetails) body: type, title, status, errors,
// then the traceId extension "00-<trace id>-<span id>-00".
func problemBody(status int, errs Object, traceID, spanID string) []byte {
	t := problemTypes()[status]
	o := Object{{"type", t[0]}, {"title", t[1]}, {"status", status}}
	if errs != nil {
		o = append(o, Field{"errors", errs})
	}
	o = append(o, Field{"traceId", "00-" + traceID + "-" + spanID + "-00"})
	return MarshalJSON(o, Relaxed)
}

// isJSONContentType is SystemTextJsonInputFormatter's media types: application/json, text/json
// and application/*+json.
func isJSONContentType(v string) bool {
	mt, _, err := mime.ParseMediaType(v)
	if err != nil {
		return false
	}
	switch {
	case mt == "application/json", mt == "text/json":
		return true
	case strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json"):
		return true
	}
	return false
}

// utf8BOM is the byte order mark System.Text.Json skips at the start of UTF-8 input.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// Names .NET's Encoding.GetEncoding gives UTF-8 (code page 65001) and UTF-16 little-endian (code
// page 1200), whose WebNames are "utf-8" and "utf-16": the two SupportedEncodings of
// SystemTextJsonInputFormatter.
var (
	utf8Charsets  = []string{"utf-8", "unicode-1-1-utf-8", "unicode-2-0-utf-8", "x-unicode-1-1-utf-8", "x-unicode-2-0-utf-8"}
	utf16Charsets = []string{"utf-16", "utf-16le", "unicode", "ucs-2", "iso-10646-ucs-2"}
)

// inputEncoding is TextInputFormatter.SelectCharacterEncoding: without a charset the first
// supported encoding, UTF-8; with one, the supported encoding of the same WebName, or none at all,
// which MVC answers 415, even for a charset .NET knows (utf-16BE, utf-32, iso-8859-1, us-ascii).
func inputEncoding(contentType string) (encoding string, ok bool) {
	_, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return "", false
	}
	charset, given := params["charset"]
	switch {
	case !given:
		return "utf-8", true
	case slices.ContainsFunc(utf8Charsets, func(n string) bool { return strings.EqualFold(n, charset) }):
		return "utf-8", true
	case slices.ContainsFunc(utf16Charsets, func(n string) bool { return strings.EqualFold(n, charset) }):
		return "utf-16", true
	}
	return "", false
}

// decodeUTF16 is the input formatter's transcoding stream from UTF-16 little-endian to UTF-8. Its
// decoder throws on an unpaired surrogate or a lone last byte, a DecoderFallbackException the
// formatter does not catch. A leading byte order mark becomes U+FEFF, which System.Text.Json
// then skips as the UTF-8 byte order mark.
func decodeUTF16(raw []byte) ([]byte, error) {
	units := make([]uint16, len(raw)/2)
	for i := range units {
		units[i] = uint16(raw[2*i]) | uint16(raw[2*i+1])<<8
	}
	fail := func(at int, b []byte) error {
		return &Exception{Type: "System.Text.DecoderFallbackException",
			Message: fmt.Sprintf("Unable to translate bytes %s at index %d from specified code page to Unicode.", bracketHex(b), at)}
	}
	for i := 0; i < len(units); i++ {
		switch u := units[i]; {
		case utf16.IsSurrogate(rune(u)) && u < 0xDC00 && i+1 < len(units) && units[i+1] >= 0xDC00 && units[i+1] <= 0xDFFF:
			i++
		case utf16.IsSurrogate(rune(u)):
			return nil, fail(2*i, raw[2*i:2*i+2])
		}
	}
	if len(raw)%2 != 0 {
		return nil, fail(len(raw)-1, raw[len(raw)-1:])
	}
	return []byte(string(utf16.Decode(units))), nil
}

// bracketHex writes bytes as .NET's fallback messages do: "[D8][00]".
func bracketHex(b []byte) string {
	var s strings.Builder
	for _, c := range b {
		fmt.Fprintf(&s, "[%02X]", c)
	}
	return s.String()
}

// decodeChatRequest binds and validates a chat request body as [ApiController] does before the
// action runs (ChatbotController.cs:530-576): 415 for a non-JSON body, 413 over MaxBodyBytes,
// 400 with the model-state errors otherwise.
func decodeChatRequest(r *http.Request) (chatRequest, *rejection) {
	contentType := r.Header.Get("Content-Type")
	if !isJSONContentType(contentType) {
		return chatRequest{}, &rejection{status: http.StatusUnsupportedMediaType}
	}
	encoding, ok := inputEncoding(contentType)
	if !ok {
		return chatRequest{}, &rejection{status: http.StatusUnsupportedMediaType}
	}
	if r.ContentLength > MaxBodyBytes {
		// Answered at once: waiting for a body the client says is too large only holds the connection.
		return chatRequest{}, &rejection{status: http.StatusRequestEntityTooLarge, closeConn: true}
	}
	raw, err := io.ReadAll(io.LimitReader(r.Body, MaxBodyBytes+1))
	if err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			// Kestrel's answer to a body that does not arrive in time.
			return chatRequest{}, &rejection{status: http.StatusRequestTimeout}
		}
		return chatRequest{}, &rejection{status: http.StatusBadRequest, errors: Object{{"$", []string{"The request body could not be read."}}}}
	}
	if len(raw) > MaxBodyBytes {
		return chatRequest{}, &rejection{status: http.StatusRequestEntityTooLarge, closeConn: true}
	}
	requestRequired := Field{"request", []string{"The request field is required."}}
	if len(bytes.TrimSpace(raw)) == 0 {
		return chatRequest{}, &rejection{status: http.StatusBadRequest, errors: Object{{"", []string{"A non-empty request body is required."}}, requestRequired}}
	}
	if encoding == "utf-16" {
		if raw, err = decodeUTF16(raw); err != nil {
			return chatRequest{}, &rejection{status: http.StatusInternalServerError, exception: err}
		}
	}
	// System.Text.Json skips a byte order mark at the start of UTF-8 input.
	raw = bytes.TrimPrefix(raw, utf8BOM)
	var w *wireRequest
	err = json.Unmarshal(raw, &w)
	var se *json.SyntaxError
	if at := tooDeepAt(raw); at >= 0 && (err == nil || errors.As(err, &se) && se.Offset > int64(at)) {
		// System.Text.Json reads in order, so the depth limit strikes before a later syntax error.
		msg := fmt.Sprintf("The maximum configured depth of %d has been exceeded. Path: $ | BytePosition: %d.", maxJSONDepth, at)
		return chatRequest{}, &rejection{status: http.StatusBadRequest, errors: Object{{"$", []string{msg}}, requestRequired}}
	}
	if err != nil {
		return chatRequest{}, &rejection{status: http.StatusBadRequest, errors: Object{{jsonErrorPath(err), []string{jsonErrorMessage(err)}}, requestRequired}}
	}
	if w == nil {
		return chatRequest{}, &rejection{status: http.StatusBadRequest, errors: Object{requestRequired}}
	}
	if !utf8.Valid(raw) {
		if path := invalidUTF8Path(raw); path != "" {
			msg := "Cannot transcode invalid UTF-8 JSON text to UTF-16 string. Path: " + path + "."
			return chatRequest{}, &rejection{status: http.StatusBadRequest, errors: Object{{path, []string{msg}}, requestRequired}}
		}
	}
	errs := validate(w)
	if len(errs) > 0 {
		return chatRequest{}, &rejection{status: http.StatusBadRequest, errors: errs}
	}
	req := chatRequest{Message: dotnet.Trim(*w.Message)}
	// ChatbotController.cs:479-483: blank turns are dropped, roles pass through.
	for _, t := range w.ConversationHistory {
		if t.Content == nil || dotnet.IsNullOrWhiteSpace(*t.Content) {
			continue
		}
		role := ""
		if t.Role != nil {
			role = *t.Role
		}
		req.History = append(req.History, turn{Role: role, Content: *t.Content})
	}
	return req, nil
}

// tooDeepAt returns the offset of the first '{' or '[' that opens a level past maxJSONDepth, or -1.
func tooDeepAt(raw []byte) int {
	depth, inString, escaped := 0, false, false
	for i, c := range raw {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
			if depth > maxJSONDepth {
				return i
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return -1
}

// invalidUTF8Path returns the JSON path of the first bound string holding ill-formed UTF-8, or "".
// encoding/json quietly turns such bytes into U+FFFD; System.Text.Json throws when it transcodes
// a string it binds, and skips the strings of properties it does not know.
func invalidUTF8Path(raw []byte) string {
	var w struct {
		Message             json.RawMessage `json:"message"`
		ConversationHistory []struct {
			Role    json.RawMessage `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"conversationHistory"`
	}
	if json.Unmarshal(raw, &w) != nil {
		return ""
	}
	if !utf8.Valid(w.Message) {
		return "$.message"
	}
	for i, t := range w.ConversationHistory {
		if !utf8.Valid(t.Role) {
			return fmt.Sprintf("$.conversationHistory[%d].role", i)
		}
		if !utf8.Valid(t.Content) {
			return fmt.Sprintf("$.conversationHistory[%d].content", i)
		}
	}
	return ""
}

// validate is the data annotations of ChatRequest and its history items: [Required] and
// [MaxLength] on Message, [MaxLength(50)] on the history, [MaxLength] on Role and Content.
func validate(w *wireRequest) Object {
	var errs Object
	switch {
	case w.Message == nil || dotnet.IsNullOrWhiteSpace(*w.Message):
		errs = append(errs, Field{"Message", []string{"The Message field is required."}})
	case dotnet.UTF16Len(*w.Message) > maxMessageLen:
		errs = append(errs, Field{"Message", []string{maxLengthMessage("Message", maxMessageLen)}})
	}
	if len(w.ConversationHistory) > maxHistory {
		errs = append(errs, Field{"ConversationHistory", []string{maxLengthMessage("ConversationHistory", maxHistory)}})
	}
	for i, t := range w.ConversationHistory {
		if t.Role != nil && dotnet.UTF16Len(*t.Role) > maxRoleLen {
			errs = append(errs, Field{fmt.Sprintf("ConversationHistory[%d].Role", i), []string{maxLengthMessage("Role", maxRoleLen)}})
		}
		if t.Content != nil && dotnet.UTF16Len(*t.Content) > maxContentLen {
			errs = append(errs, Field{fmt.Sprintf("ConversationHistory[%d].Content", i), []string{maxLengthMessage("Content", maxContentLen)}})
		}
	}
	return errs
}

// maxLengthMessage is MaxLengthAttribute's default error message.
func maxLengthMessage(field string, n int) string {
	return fmt.Sprintf("The field %s must be a string or array type with a maximum length of '%d'.", field, n)
}

// jsonErrorPath is the model-state key System.Text.Json's input formatter uses: the JSON path of
// the failure, "$" for the document itself.
func jsonErrorPath(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return "$." + te.Field
	}
	return "$"
}

func jsonErrorMessage(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		switch te.Type.Kind() {
		case reflect.String:
			return "The JSON value could not be converted to System.String. Path: " + jsonErrorPath(err) + "."
		case reflect.Bool:
			return "The JSON value could not be converted to System.Boolean. Path: " + jsonErrorPath(err) + "."
		}
		return "The JSON value could not be converted to the property's type. Path: " + jsonErrorPath(err) + "."
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("The request body is not valid JSON: %s. Path: $ | BytePosition: %d.", se.Error(), se.Offset)
	}
	return "The request body is not valid JSON: " + err.Error() + "."
}
