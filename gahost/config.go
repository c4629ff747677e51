package gahost

import (
	"fmt"
	"strings"
	"sync"
)

// Config is the host's configuration, read the way ASP.NET reads it: environment variables with
// "__" separators, overridden by command-line arguments.
type Config struct {
	URLs           string // ASPNETCORE_URLS or --urls: listen addresses separated by ";"
	OllamaBaseURL  string // Ollama__BaseUrl: embeddings, chat and /api/tags
	OllamaEndpoint string // Ollama__Endpoint: /api/generate
	Mode           string // Chatbot__Mode: "full" (or its alias "orchestrated") is modelled
	PathBase       string // Chatbot__PathBase: "" serves at the root; "/chatbot" as GA's appsettings
	IndexPath      string // VoicingSearch__OpticIndexPath, else GA_OPTICK_INDEX_PATH; "" = lesson 3's, cached
	NewLine        string // Course__NewLine: "lf", or "crlf" for answers built as AppendLine on Windows
	Splitter       string // Course__Splitter: "pinned" (SseChunker at a826864) or "743"
	Clock          string // Course__Clock: "system", or "fixed" for durations that never depend on a slow step
	Ga             string // Course__Ga, as revision.Parse reads it: "pin" (GA at a826864), or "main" for GaChatbot.Api as on GA's main
}

// Defaults of the stand-in's configuration.
const (
	DefaultURLs      = "http://127.0.0.1:5252"  // GA's launch profile port, on loopback
	DefaultOllamaURL = "http://localhost:11434" // OllamaProvider.cs:27 and appsettings.json:22-23
	DefaultMode      = "full"                   // appsettings.json:42
	DefaultNewLine   = "lf"                     // AppendLine off Windows
	DefaultSplitter  = "pinned"                 // SseChunker at a826864
)

// configKeys maps each configuration key, as ASP.NET names it with ":" separators, to its field.
var configKeys = sync.OnceValue(func() map[string]func(*Config) *string {
	return map[string]func(*Config) *string{
		"urls":                         func(c *Config) *string { return &c.URLs },
		"ollama:baseurl":               func(c *Config) *string { return &c.OllamaBaseURL },
		"ollama:endpoint":              func(c *Config) *string { return &c.OllamaEndpoint },
		"chatbot:mode":                 func(c *Config) *string { return &c.Mode },
		"chatbot:pathbase":             func(c *Config) *string { return &c.PathBase },
		"voicingsearch:opticindexpath": func(c *Config) *string { return &c.IndexPath },
		"course:newline":               func(c *Config) *string { return &c.NewLine },
		"course:splitter":              func(c *Config) *string { return &c.Splitter },
		"course:clock":                 func(c *Config) *string { return &c.Clock },
		"course:ga":                    func(c *Config) *string { return &c.Ga },
	}
})

// ConfigFromEnv reads the configuration from environment variables, with the defaults for unset ones.
func ConfigFromEnv(getenv func(string) string) Config {
	pick := func(def string, names ...string) string {
		for _, n := range names {
			if v := getenv(n); v != "" {
				return v
			}
		}
		return def
	}
	return Config{
		URLs:           pick(DefaultURLs, "ASPNETCORE_URLS"),
		OllamaBaseURL:  pick(DefaultOllamaURL, "Ollama__BaseUrl"),
		OllamaEndpoint: pick(DefaultOllamaURL, "Ollama__Endpoint"),
		Mode:           pick(DefaultMode, "Chatbot__Mode"),
		PathBase:       pick("", "Chatbot__PathBase"),
		// ServiceCollectionExtensions.cs:138-169: the setting, then the environment variable.
		IndexPath: pick("", "VoicingSearch__OpticIndexPath", "GA_OPTICK_INDEX_PATH"),
		NewLine:   pick(DefaultNewLine, "Course__NewLine"),
		Splitter:  pick(DefaultSplitter, "Course__Splitter"),
		Clock:     pick("", "Course__Clock"),
		Ga:        pick("", "Course__Ga"),
	}
}

// ApplyArgs overrides cfg with ASP.NET-style command-line arguments: --key=value, --key value,
// /key=value, /key value or key=value, keys case-insensitive with ":" separators. Keys the host
// does not read are ignored, as ASP.NET ignores unused configuration.
func ApplyArgs(cfg Config, args []string) (Config, error) {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		var key, value string
		var hasValue bool
		switch {
		case strings.HasPrefix(arg, "--"):
			key, value, hasValue = strings.Cut(arg[2:], "=")
		case strings.HasPrefix(arg, "/"):
			key, value, hasValue = strings.Cut(arg[1:], "=")
		default:
			key, value, hasValue = strings.Cut(arg, "=")
			if !hasValue {
				return cfg, fmt.Errorf("gahost: argument %q is not key=value, --key value or --key=value", arg)
			}
		}
		if !hasValue {
			if i+1 >= len(args) {
				return cfg, fmt.Errorf("gahost: argument %q has no value", arg)
			}
			i++
			value = args[i]
		}
		if field, ok := configKeys()[strings.ToLower(strings.ReplaceAll(key, "__", ":"))]; ok {
			*field(&cfg) = value
		}
	}
	return cfg, nil
}

// normalizePathBase adds a missing leading "/" and removes a trailing one (Program.cs:44-78).
func normalizePathBase(p string) string {
	p = strings.TrimSpace(p)
	if p == "" || p == "/" {
		return ""
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return strings.TrimRight(p, "/")
}
