// Command dashboard-check decodes Grafana dashboards strictly with Grafana's own Go types
// (github.com/grafana/grafana-foundation-sdk/go): a field Grafana's schema does not have (a typo), a value of the
// wrong type, or a panel option its panel type lacks is refused, naming the file and the field. Usage:
//
//	dashboard-check FILE.json...
//
// Exit 0 when every file decodes and validates, 1 when one does not, 2 on a usage error. Built and run by
// maestro-dist's DashboardTest (bin/install-test-deps builds it once into ~/.cache/maestro/tools).
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/grafana/grafana-foundation-sdk/go/cog"
	"github.com/grafana/grafana-foundation-sdk/go/cog/plugins"
	"github.com/grafana/grafana-foundation-sdk/go/dashboard"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "dashboard-check: no dashboard given; usage: dashboard-check FILE.json...")
		os.Exit(2)
	}
	// The panel types' and data sources' own schemas: without them a panel's options and a query's fields pass unread.
	plugins.RegisterDefaultPlugins()
	failed := false
	for _, file := range os.Args[1:] {
		if err := check(file); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", file, err)
			failed = true
		} else {
			fmt.Printf("%s: ok\n", file)
		}
	}
	if failed {
		os.Exit(1)
	}
}

func check(file string) error {
	raw, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	var d dashboard.Dashboard
	if err := d.UnmarshalJSONStrict(raw); isError(err) {
		return fmt.Errorf("not a dashboard Grafana's schema accepts: %w", err)
	}
	if err := d.Validate(); isError(err) {
		return fmt.Errorf("invalid: %w", err)
	}
	return nil
}

// isError says whether err is a real error: the SDK returns its error list as a typed nil (cog.BuildErrors(nil)) when
// nothing was wrong, which is a non-nil error interface.
func isError(err error) bool {
	var list cog.BuildErrors
	if errors.As(err, &list) {
		return len(list) > 0
	}
	return err != nil
}
