// Command manifest-check decodes Kubernetes manifests the way the API server does with
// strict field validation: every document must be a known built-in kind, and an unknown
// or duplicated field is an error. JSON-schema validators let unknown fields through,
// which is how a mis-indented probe or a misspelled key slips into a chart unnoticed.
//
// It reads multi-document YAML on stdin and prints one JSON line per document:
// {"kind": "...", "name": "...", "errors": ["..."]}.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/yaml"
)

type result struct {
	Kind   string   `json:"kind"`
	Name   string   `json:"name"`
	Errors []string `json:"errors"`
}

func main() {
	decoder := serializer.NewCodecFactory(scheme.Scheme, serializer.EnableStrict).UniversalDeserializer()
	reader := utilyaml.NewYAMLReader(bufio.NewReader(os.Stdin))
	out := json.NewEncoder(os.Stdout)
	for {
		document, err := reader.Read()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "manifest-check:", err)
			os.Exit(2)
		}
		res, ok := check(decoder, document)
		if !ok {
			continue
		}
		if err := out.Encode(res); err != nil {
			fmt.Fprintln(os.Stderr, "manifest-check:", err)
			os.Exit(2)
		}
	}
}

// check decodes one document; ok is false for documents that hold only comments.
func check(decoder runtime.Decoder, document []byte) (res result, ok bool) {
	// The strict YAML conversion reports duplicate keys, which plain YAML parsing hides.
	data, err := yaml.YAMLToJSONStrict(document)
	if err != nil {
		res = identify(document)
		res.Errors = []string{err.Error()}
		return res, true
	}
	if trimmed := bytes.TrimSpace(data); len(trimmed) == 0 || bytes.Equal(trimmed, []byte("null")) {
		return result{}, false
	}
	object, gvk, err := decoder.Decode(data, nil, nil)
	if gvk != nil {
		res.Kind = gvk.Kind
	}
	if object != nil {
		if accessor, metaErr := meta.Accessor(object); metaErr == nil {
			res.Name = accessor.GetName()
		}
	}
	res.Errors = []string{}
	if err != nil {
		// Strict decoding still returns the object, with every unknown field listed.
		res.Errors = append(res.Errors, err.Error())
	}
	return res, true
}

// identify reads kind and name leniently, to say which document failed strict parsing.
func identify(document []byte) result {
	var header struct {
		Kind     string `json:"kind"`
		Metadata struct {
			Name string `json:"name"`
		} `json:"metadata"`
	}
	_ = yaml.Unmarshal(document, &header)
	return result{Kind: header.Kind, Name: header.Metadata.Name}
}
