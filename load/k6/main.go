// Command k6 is k6 itself with the project's k6/x/sse extension compiled in: the same main
// xk6 would generate (blank-import the extension, then hand over to k6's command).
package main

import (
	k6cmd "go.k6.io/k6/cmd"

	_ "cap-conformance/load/k6/sse"
)

func main() {
	k6cmd.Execute()
}
