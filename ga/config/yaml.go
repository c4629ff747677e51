// Package config models GA.Business.Config, the F# project whose YAML catalogues GA's skills
// read: ModesConfig over Modes.yaml and AtonalModalFamiliesConfig over AtonalModalFamilies.yaml.
// The catalogues are fixtures (fixtures/modes.yaml, fixtures/atonal_families.json).
package config

import (
	"fmt"
	"strings"
)

// Node is one node of a YAML document: a mapping (Keys in order, Map by key), a sequence
// (Items) or a scalar (Scalar). Null is a scalar written "null", "~" or nothing.
type Node struct {
	Keys   []string
	Map    map[string]*Node
	Items  []*Node
	Scalar string
	Null   bool
	kind   byte // 'm', 's' or 'v'
}

// IsMap reports whether the node is a mapping.
func (n *Node) IsMap() bool { return n != nil && n.kind == 'm' }

// IsSeq reports whether the node is a sequence.
func (n *Node) IsSeq() bool { return n != nil && n.kind == 's' }

// yamlLine is one meaningful line: its indentation, its text after it, and its number.
type yamlLine struct {
	indent int
	text   string
	number int
}

// ParseYAML reads the block-style subset of YAML that GA's catalogues are written in:
// mappings, sequences, plain scalars (a " #" starts a comment, as YAML says) and quoted
// ones. Flow collections, anchors, tags and block scalars are refused with an error.
func ParseYAML(data []byte) (*Node, error) {
	text := strings.TrimPrefix(string(data), "\ufeff")
	var lines []yamlLine
	for i, raw := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if lead := raw[:len(raw)-len(strings.TrimLeft(raw, " \t"))]; strings.Contains(lead, "\t") {
			return nil, fmt.Errorf("yaml line %d: tab indentation", i+1)
		}
		trimmed := strings.TrimLeft(raw, " ")
		if strings.TrimSpace(trimmed) == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if trimmed == "---" || trimmed == "..." {
			continue
		}
		lines = append(lines, yamlLine{indent: len(raw) - len(trimmed), text: strings.TrimRight(trimmed, " "), number: i + 1})
	}
	p := &yamlParser{lines: lines}
	if len(lines) == 0 {
		return &Node{kind: 'v', Null: true}, nil
	}
	n, err := p.block(lines[0].indent)
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.lines) {
		l := p.lines[p.pos]
		return nil, fmt.Errorf("yaml line %d: unexpected indentation", l.number)
	}
	return n, nil
}

type yamlParser struct {
	lines []yamlLine
	pos   int
}

// block reads the mapping or sequence whose entries start at indent.
func (p *yamlParser) block(indent int) (*Node, error) {
	l := p.lines[p.pos]
	if l.indent != indent {
		return nil, fmt.Errorf("yaml line %d: indentation %d, want %d", l.number, l.indent, indent)
	}
	if isItem(l.text) {
		return p.sequence(indent)
	}
	return p.mapping(indent, "")
}

func isItem(text string) bool { return text == "-" || strings.HasPrefix(text, "- ") }

func (p *yamlParser) sequence(indent int) (*Node, error) {
	n := &Node{kind: 's'}
	for p.pos < len(p.lines) {
		l := p.lines[p.pos]
		if l.indent < indent {
			break
		}
		if l.indent > indent || !isItem(l.text) {
			return nil, fmt.Errorf("yaml line %d: expected a sequence item", l.number)
		}
		rest := strings.TrimLeft(strings.TrimPrefix(l.text, "-"), " ")
		p.pos++
		var item *Node
		var err error
		switch {
		case rest == "" || strings.HasPrefix(rest, "#"):
			item, err = p.nested(indent, true)
		case keyOf(rest) >= 0:
			// "- key: value": a mapping whose entries are indented to the key.
			inner := indent + len(l.text) - len(rest)
			item, err = p.mapping(inner, rest)
		default:
			item, err = scalar(rest, l.number)
		}
		if err != nil {
			return nil, err
		}
		n.Items = append(n.Items, item)
	}
	return n, nil
}

// nested reads the value of an entry whose text ended at its colon or dash: a deeper block, a
// sequence at the same indentation (after a key), or null.
func (p *yamlParser) nested(indent int, afterDash bool) (*Node, error) {
	if p.pos < len(p.lines) {
		next := p.lines[p.pos]
		if next.indent > indent || (!afterDash && next.indent == indent && isItem(next.text)) {
			return p.block(next.indent)
		}
	}
	return &Node{kind: 'v', Null: true}, nil
}

// mapping reads key: value entries at indent; first, when set, is the first entry's text,
// already taken from a "- " line.
func (p *yamlParser) mapping(indent int, first string) (*Node, error) {
	n := &Node{kind: 'm', Map: map[string]*Node{}}
	entry := func(text string, number int) error {
		colon := keyOf(text)
		if colon < 0 {
			return fmt.Errorf("yaml line %d: expected key: value", number)
		}
		key, err := scalar(text[:colon], number)
		if err != nil {
			return err
		}
		if _, dup := n.Map[key.Scalar]; dup {
			return fmt.Errorf("yaml line %d: key %q repeated", number, key.Scalar)
		}
		rest := strings.TrimLeft(text[colon+1:], " ")
		var v *Node
		if rest == "" || strings.HasPrefix(rest, "#") {
			v, err = p.nested(indent, false)
		} else {
			v, err = scalar(rest, number)
		}
		if err != nil {
			return err
		}
		n.Keys = append(n.Keys, key.Scalar)
		n.Map[key.Scalar] = v
		return nil
	}
	if first != "" {
		if err := entry(first, p.lines[p.pos-1].number); err != nil {
			return nil, err
		}
	}
	for p.pos < len(p.lines) {
		l := p.lines[p.pos]
		if l.indent < indent {
			break
		}
		if l.indent > indent || isItem(l.text) {
			return nil, fmt.Errorf("yaml line %d: expected a key at indentation %d", l.number, indent)
		}
		p.pos++
		if err := entry(l.text, l.number); err != nil {
			return nil, err
		}
	}
	return n, nil
}

// keyOf is the index of the colon that ends a mapping key in text (": " or a final ":"),
// outside quotes; -1 when text is not a key: value entry.
func keyOf(text string) int {
	if text == "" {
		return -1
	}
	if q := text[0]; q == '\'' || q == '"' {
		end := closingQuote(text, q)
		if end < 0 || end+1 >= len(text) || text[end+1] != ':' {
			return -1
		}
		if end+2 == len(text) || text[end+2] == ' ' {
			return end + 1
		}
		return -1
	}
	for i := 0; i < len(text); i++ {
		if text[i] == '#' && i > 0 && text[i-1] == ' ' {
			return -1
		}
		if text[i] == ':' && (i+1 == len(text) || text[i+1] == ' ') {
			return i
		}
	}
	return -1
}

// closingQuote is the index of the quote that closes text's opening quote q; -1 if none.
func closingQuote(text string, q byte) int {
	for i := 1; i < len(text); i++ {
		switch {
		case q == '\'' && text[i] == '\'':
			if i+1 < len(text) && text[i+1] == '\'' {
				i++
				continue
			}
			return i
		case q == '"' && text[i] == '\\':
			i++
		case q == '"' && text[i] == '"':
			return i
		}
	}
	return -1
}

// scalar reads one scalar: quoted, with its escapes, or plain, up to a " #" comment.
func scalar(text string, number int) (*Node, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return &Node{kind: 'v', Null: true}, nil
	}
	switch text[0] {
	case '[', '{', '&', '*', '!', '|', '>':
		return nil, fmt.Errorf("yaml line %d: %q: flow collections, anchors, tags and block scalars are not read", number, text)
	case '\'', '"':
		end := closingQuote(text, text[0])
		if end < 0 {
			return nil, fmt.Errorf("yaml line %d: unterminated quote in %q", number, text)
		}
		if tail := strings.TrimSpace(text[end+1:]); tail != "" && !strings.HasPrefix(tail, "#") {
			return nil, fmt.Errorf("yaml line %d: text after the closing quote in %q", number, text)
		}
		body := text[1:end]
		if text[0] == '\'' {
			return &Node{kind: 'v', Scalar: strings.ReplaceAll(body, "''", "'")}, nil
		}
		s, err := unescapeDouble(body)
		if err != nil {
			return nil, fmt.Errorf("yaml line %d: %w", number, err)
		}
		return &Node{kind: 'v', Scalar: s}, nil
	}
	if i := strings.Index(text, " #"); i >= 0 {
		text = strings.TrimRight(text[:i], " ")
	}
	if text == "null" || text == "~" || text == "Null" || text == "NULL" {
		return &Node{kind: 'v', Null: true, Scalar: text}, nil
	}
	return &Node{kind: 'v', Scalar: text}, nil
}

func unescapeDouble(body string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		if body[i] != '\\' {
			b.WriteByte(body[i])
			continue
		}
		i++
		if i == len(body) {
			return "", fmt.Errorf("escape at the end of %q", body)
		}
		switch body[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case '"', '\\', '/':
			b.WriteByte(body[i])
		default:
			return "", fmt.Errorf("escape \\%c in %q is not read", body[i], body)
		}
	}
	return b.String(), nil
}
