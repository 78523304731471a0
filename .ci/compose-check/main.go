// Loads a compose file as docker compose does (the same loader: schema, interpolation, profiles,
// dependencies) and prints the resolved project as JSON, for .ci/compose-check.mjs to check.
//
// Usage: compose-check FILE [--profile NAME]... [--env NAME=VALUE]... [SERVICE...]
// Only the variables given with --env are set, so a check does not depend on the caller's environment.
// With services named, the project is narrowed to them and what they depend on, as `up SERVICE` does.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
)

func main() {
	if len(os.Args) < 2 {
		fail("usage: compose-check FILE [--profile NAME]... [--env NAME=VALUE]... [SERVICE...]")
	}
	var profiles, env, services []string
	args := os.Args[2:]
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "--profile", "--env":
			if i+1 >= len(args) {
				fail(args[i] + " needs a value")
			}
			if args[i] == "--profile" {
				profiles = append(profiles, args[i+1])
			} else {
				env = append(env, args[i+1])
			}
			i++
		default:
			services = append(services, args[i])
		}
	}
	options, err := cli.NewProjectOptions([]string{os.Args[1]}, cli.WithEnv(env), cli.WithProfiles(profiles), cli.WithName("ringcheck"))
	if err != nil {
		fail(err.Error())
	}
	project, err := options.LoadProject(context.Background())
	if err != nil {
		fail(err.Error())
	}
	if len(services) > 0 {
		if project, err = project.WithSelectedServices(services, types.IncludeDependencies); err != nil {
			fail(err.Error())
		}
	}
	out, err := project.MarshalJSON()
	if err != nil {
		fail(err.Error())
	}
	fmt.Println(string(out))
}

func fail(message string) {
	fmt.Fprintln(os.Stderr, "compose-check:", message)
	os.Exit(1)
}
