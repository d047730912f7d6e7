// at: apps/server/src/domain/individual-numbers.ts
// The domain importing an operator command.
export { runCommand } from '../cli/operator-commands.ts';
