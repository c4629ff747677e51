// Package config models GA.Business.Config, the F# and C# project whose YAML catalogues GA's
// skills read: ModesConfig over Modes.yaml, AtonalModalFamiliesConfig over
// AtonalModalFamilies.yaml and the TransposeTables of ChordProgressions.yaml. The catalogues
// are fixtures (fixtures/modes.yaml, fixtures/atonal_families.json,
// fixtures/chordprogressions.yaml), read with github.com/goccy/go-yaml into typed structs.
package config

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// deserializer is a YamlDotNet 16.2.1 DeserializerBuilder as GA's loaders build it
// (Common/GA.Business.Config/GA.Business.Config.fsproj:37 @ c781df5c), as go-yaml options.
// Its naming convention is PascalCaseNamingConvention in every loader the course models: a
// YAML key is the .NET property's name as written, matched case for case, which the structs
// spell out as yaml tags (TestTagsArePascalCase holds them to it).
type deserializer struct {
	// ignoreUnmatched is IgnoreUnmatchedProperties(): a key no property is named for is
	// skipped; without it YamlDotNet throws on it, as DisallowUnknownField does.
	ignoreUnmatched bool
}

// gaLoader is the builder of ModesConfig.loadModesData (ModesConfig.fs:62-66 @ c781df5c) and
// of ChordProgressionsConfigLoader.LoadConfiguration (ChordProgressionsConfigLoader.cs:98-101
// @ c781df5c): PascalCase names, unmatched properties ignored.
var gaLoader = deserializer{ignoreUnmatched: true}

// options are the decode options that stand for the builder's settings. Neither loader calls
// WithDuplicateKeyChecking, so a repeated key is read, the later value set last, as
// AllowDuplicateMapKey does.
func (d deserializer) options() []yaml.DecodeOption {
	opts := []yaml.DecodeOption{yaml.AllowDuplicateMapKey()}
	if !d.ignoreUnmatched {
		opts = append(opts, yaml.DisallowUnknownField())
	}
	return opts
}

// document is one catalogue file parsed: its name for errors, its anchors, and the decoder
// its nodes are decoded with, which has read the whole document once so that an alias in
// any node finds its anchor.
type document struct {
	file    string
	anchors []*ast.AnchorNode
	dec     *yaml.Decoder
	ctx     context.Context
}

// parse parses data, the catalogue named file, and returns its first document's root, nil
// for an empty file. An error names the file, the line and the column.
func (d deserializer) parse(file string, data []byte) (*document, ast.Node, error) {
	// File.ReadAllText, which both loaders read the file with, drops a UTF-8 byte order mark.
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	// The parser checks keys for repeats too, so it is told what the decoder is.
	f, err := parser.ParseBytes(data, 0, parser.AllowDuplicateMapKey())
	if err != nil {
		return nil, nil, located(file, err)
	}
	doc := &document{file: file, dec: yaml.NewDecoder(bytes.NewReader(nil), d.options()...)}
	doc.ctx = context.WithValue(context.Background(), documentKey{}, doc)
	if len(f.Docs) == 0 || f.Docs[0].Body == nil {
		return doc, nil, nil
	}
	root := f.Docs[0].Body
	ast.Walk(anchorCollector{doc}, root)
	var whole any
	if err := doc.dec.DecodeFromNodeContext(doc.ctx, root, &whole); err != nil {
		return nil, nil, located(file, err)
	}
	return doc, root, nil
}

type anchorCollector struct{ doc *document }

func (c anchorCollector) Visit(n ast.Node) ast.Visitor {
	if a, ok := n.(*ast.AnchorNode); ok {
		c.doc.anchors = append(c.doc.anchors, a)
	}
	return c
}

type documentKey struct{}

// decode reads node into v with the document's settings.
func (doc *document) decode(node ast.Node, v any) error {
	if node == nil {
		return nil
	}
	return located(doc.file, doc.dec.DecodeFromNodeContext(doc.ctx, node, v))
}

// anchored is the value of the anchor an alias names: the last one defined before it.
func (doc *document) anchored(alias *ast.AliasNode) ast.Node {
	name := alias.Value.GetToken().Value
	pos := alias.GetToken().Position
	var found ast.Node
	for _, a := range doc.anchors {
		if a.Name.GetToken().Value == name && a.GetToken().Position.Offset < pos.Offset {
			found = a.Value
		}
	}
	return found
}

// text is a scalar read into a .NET string property: the scalar's text as it reads, whatever
// type YAML would resolve it to, so 0x1F, 1.50 and yes stay as written where go-yaml would make
// them 31, 1.5 and true; a null is "". YamlDotNet's NullNodeDeserializer and
// ScalarNodeDeserializer do so for a string.
type text string

// UnmarshalYAML reads the scalar node, following an alias to its anchor.
func (t *text) UnmarshalYAML(ctx context.Context, node ast.Node) error {
	doc, _ := ctx.Value(documentKey{}).(*document)
	for {
		switch n := node.(type) {
		case *ast.AnchorNode:
			node = n.Value
			continue
		case *ast.TagNode:
			node = n.Value
			continue
		case *ast.AliasNode:
			if doc == nil || doc.anchored(n) == nil {
				return &nodeError{node: n, message: fmt.Sprintf("no anchor %q before the alias", n.Value.GetToken().Value)}
			}
			node = doc.anchored(n)
			continue
		case *ast.NullNode:
			*t = ""
		case *ast.LiteralNode:
			*t = text(n.Value.Value)
		case *ast.StringNode:
			*t = text(n.Value)
		case ast.ScalarNode:
			*t = text(n.GetToken().Value)
		default:
			return &nodeError{node: node, message: fmt.Sprintf("%s was used where a string is expected", kindName(node.Type()))}
		}
		return nil
	}
}

// kindName names a node's type as go-yaml's own errors do.
func kindName(t ast.NodeType) string {
	switch t {
	case ast.MappingType, ast.MappingValueType:
		return "mapping"
	case ast.SequenceType:
		return "sequence"
	}
	return t.String()
}

// nodeError is an error about one node, which located places.
type nodeError struct {
	node    ast.Node
	message string
}

func (e *nodeError) Error() string { return e.message }

// located is err with the file, the line and the column of the token it is about:
// "file line L column C: message".
func located(file string, err error) error {
	if err == nil {
		return nil
	}
	var tok *token.Token
	message := err.Error()
	var nerr *nodeError
	var yerr yaml.Error
	var terr *yaml.TypeError
	switch {
	case errors.As(err, &nerr):
		tok, message = nerr.node.GetToken(), nerr.message
	case errors.As(err, &terr) && terr.Token != nil:
		// go-yaml's own message names the struct's field after its parent; say what was found
		// and what was wanted instead.
		tok, message = terr.Token, fmt.Sprintf("%s was used where %s is expected", goKind(terr.SrcType.Kind().String()), goKind(terr.DstType.Kind().String()))
	case errors.As(err, &yerr) && yerr.GetToken() != nil:
		tok, message = yerr.GetToken(), yerr.GetMessage()
	}
	if tok == nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return fmt.Errorf("%s line %d column %d: %s", file, tok.Position.Line, tok.Position.Column, message)
}

// goKind names a Go kind by the YAML node that decodes to it.
func goKind(kind string) string {
	switch kind {
	case "slice", "array":
		return "sequence"
	case "map", "struct":
		return "mapping"
	}
	return kind
}

// at is the file, line and column of node, to begin an error about what it holds.
func at(file string, node ast.Node) string {
	pos := node.GetToken().Position
	return fmt.Sprintf("%s line %d column %d", file, pos.Line, pos.Column)
}
