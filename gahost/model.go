package gahost

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// GA's model names for each call (ga-behaviour.md §1.2).
const (
	routingEmbedModel = "bge-large"        // AI:Embedding:routing:Model
	defaultEmbedModel = "nomic-embed-text" // Ollama:EmbeddingModel
	generateModel     = "llama3.2"         // Ollama:Model
	chatModel         = "llama3.2:3b"      // Ollama:ChatModel
)

// directSystemPrompt opens DirectChatApplicationService's system message
// (Apps/GaChatbot.Api/Services/DirectChatApplicationService.cs:69-99).
const directSystemPrompt = "You are Guitar Alchemist, a concise assistant for guitar, chords, voicings, and music theory. Answer clearly and directly. If the user asks about music, stay grounded in practical musical guidance."

// queryUnderstandingPrompt opens DomainMetadataPrompter.BuildSystemPrompt
// (Common/GA.Business.Core.Orchestration/Services/DomainMetadataPrompter.cs:12).
const queryUnderstandingPrompt = "SYSTEM: You are a query understanding engine for the Guitar Alchemist Hybrid Search system."

// semanticRouterAgents are SemanticRouter's agents in registration order
// (Apps/GaChatbot.Api/Extensions/ServiceCollectionExtensions.cs:94-99).
var semanticRouterAgents = []string{"Tab Agent", "Theory Agent", "Technique Agent", "Composer Agent", "Critic Agent", "Voicing Agent"}

// GA frames the no-model path's exceptions pass through (ga-lesson4.md §4.1).
const (
	frameExamples   = "GA.Business.ML.Agents.Intents.SemanticIntentRouter.EnsureExamplesEmbeddedAsync"
	frameQuery      = "GA.Business.ML.Agents.Intents.SemanticIntentRouter.RouteAsync"
	fileIntent      = "Common/GA.Business.ML/Agents/Intents/SemanticIntentRouter.cs"
	frameGenerate   = "GA.Business.Core.Orchestration.Clients.OllamaGenerateClient.GenerateAsync"
	fileGenerate    = "Common/GA.Business.Core.Orchestration/Clients/OllamaGenerateClient.cs"
	frameAgents     = "GA.Business.ML.Agents.SemanticRouter.EnsureEmbeddingsInitializedAsync"
	fileAgents      = "Common/GA.Business.ML/Agents/SemanticRouter.cs"
	frameDirectChat = "GaChatbot.Api.Services.DirectChatApplicationService.GenerateAnswerAsync"
	fileDirectChat  = "Apps/GaChatbot.Api/Services/DirectChatApplicationService.cs"
)

// modelClient speaks Ollama's HTTP API the way GA's clients do.
type modelClient struct {
	baseURL  *url.URL // Ollama:BaseUrl: embeddings, chat, /api/tags
	endpoint string   // Ollama:Endpoint: /api/generate
	http     *http.Client
}

func newModelClient(baseURL, endpoint string) (*modelClient, error) {
	u, err := url.Parse(baseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("gahost: Ollama:BaseUrl %q is not an absolute http(s) URL", baseURL)
	}
	// OllamaGenerateClient validates its endpoint as an absolute http/https URI
	// (Clients/OllamaGenerateClient.cs:20-21).
	e, err := url.Parse(endpoint)
	if err != nil || (e.Scheme != "http" && e.Scheme != "https") || e.Host == "" {
		return nil, fmt.Errorf("gahost: Ollama:Endpoint %q is not an absolute http(s) URL", endpoint)
	}
	transport := &http.Transport{
		Proxy:               nil,
		DialContext:         (&net.Dialer{Timeout: 30 * time.Second}).DialContext,
		MaxIdleConnsPerHost: 8,
		IdleConnTimeout:     90 * time.Second,
	}
	return &modelClient{baseURL: u, endpoint: strings.TrimRight(endpoint, "/"), http: &http.Client{Transport: transport}}, nil
}

// resolve is new Uri(baseUrl, relative), as Microsoft.Extensions.AI.Ollama builds its URLs.
func (c *modelClient) resolve(rel string) string {
	return c.baseURL.ResolveReference(&url.URL{Path: rel}).String()
}

// embed is OllamaEmbeddingGenerator's POST api/embed; a non-2xx reply is its
// InvalidOperationException("Ollama error: ...").
func (c *modelClient) embed(ctx context.Context, model string, input []string) error {
	body := MarshalJSON(Object{{"model", model}, {"input", input}}, Strict)
	_, err := c.post(ctx, c.resolve("api/embed"), body, ollamaLibraryError)
	return err
}

// generate is OllamaGenerateClient.GenerateAsync: POST {Endpoint}/api/generate, then
// EnsureSuccessStatusCode (Clients/OllamaGenerateClient.cs:34-52).
func (c *modelClient) generate(ctx context.Context, message string) error {
	body := MarshalJSON(Object{
		{"model", generateModel},
		{"prompt", queryUnderstandingPrompt + "\n\nUSER QUERY: " + message},
		{"stream", false},
		{"options", Object{{"temperature", 0.1}}},
		{"format", "json"},
	}, Strict)
	_, err := c.post(ctx, c.endpoint+"/api/generate", body, func(resp *http.Response, _ []byte) *Exception {
		return &Exception{
			Type:    "System.Net.Http.HttpRequestException",
			Message: fmt.Sprintf("Response status code does not indicate success: %d (%s).", resp.StatusCode, http.StatusText(resp.StatusCode)),
			Method:  frameGenerate, File: fileGenerate, Line: 47,
		}
	})
	return err
}

// chat is OllamaChatClient.GetResponseAsync as DirectChatApplicationService calls it: the system
// prompt, the history, the user message, stream false (DirectChatApplicationService.cs:69-99).
func (c *modelClient) chat(ctx context.Context, message string, history []turn) (string, error) {
	msgs := []Object{{{"role", "system"}, {"content", directSystemPrompt}}}
	for _, t := range history {
		role := "user"
		if strings.EqualFold(t.Role, "assistant") {
			role = "assistant"
		}
		msgs = append(msgs, Object{{"role", role}, {"content", t.Content}})
	}
	msgs = append(msgs, Object{{"role", "user"}, {"content", message}})
	body := MarshalJSON(Object{{"model", chatModel}, {"messages", msgs}, {"stream", false}}, Strict)
	raw, err := c.post(ctx, c.resolve("api/chat"), body, ollamaLibraryError)
	if err != nil {
		return "", err
	}
	var reply struct {
		Message struct {
			Content string `json:"content"`
		} `json:"message"`
	}
	if err := json.Unmarshal(raw, &reply); err != nil {
		return "", &Exception{Type: "System.Text.Json.JsonException", Message: "The Ollama chat reply is not valid JSON: " + err.Error(), Cause: err}
	}
	return reply.Message.Content, nil
}

// tags is the readiness probe's GET /api/tags (Services/ChatProviderReadinessProbe.cs:42-76):
// the names of the installed models.
func (c *modelClient) tags(ctx context.Context) ([]string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.resolve("api/tags"), nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, transportException(req.URL, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, &Exception{Type: "System.Net.Http.HttpRequestException", Message: fmt.Sprintf("Response status code does not indicate success: %d (%s).", resp.StatusCode, http.StatusText(resp.StatusCode))}
	}
	var list struct {
		Models []struct {
			Name string `json:"name"`
		} `json:"models"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, &Exception{Type: "System.Text.Json.JsonException", Message: err.Error(), Cause: err}
	}
	names := make([]string, len(list.Models))
	for i, m := range list.Models {
		names[i] = m.Name
	}
	return names, nil
}

func ollamaLibraryError(_ *http.Response, body []byte) *Exception {
	return &Exception{Type: "System.InvalidOperationException", Message: "Ollama error: " + strings.TrimSpace(string(body))}
}

// post sends a JSON body and returns the reply body; failures are the .NET exceptions GA sees.
func (c *modelClient) post(ctx context.Context, target string, body []byte, onStatus func(*http.Response, []byte) *Exception) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("gahost: model request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json; charset=utf-8")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, transportException(req.URL, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return nil, transportException(req.URL, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, onStatus(resp, raw)
	}
	return raw, nil
}

// transportException is the exception .NET's HttpClient throws for a failed exchange: a refused
// connection reads "Connection refused (host:port)"; a cancelled or timed-out call is a
// TaskCanceledException.
func transportException(u *url.URL, err error) *Exception {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return &Exception{Type: "System.Threading.Tasks.TaskCanceledException", Message: "The operation was canceled.", Cause: err}
	}
	msg := err.Error()
	if errors.Is(err, syscall.ECONNREFUSED) {
		msg = "Connection refused (" + u.Host + ")"
	}
	return &Exception{Type: "System.Net.Http.HttpRequestException", Message: msg, Cause: err}
}
