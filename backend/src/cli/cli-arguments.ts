/** The value after `--name` in a command line, or null. */
export function option(args: string[], name: string): string | null {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1]! : null;
}

/** Runs a command's main and exits with its code; an unexpected error prints its message and exits 1. */
export function runCli(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
