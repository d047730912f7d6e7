// at: apps/server/src/features/user/user.service.ts
// A server feature importing an operator command.
export { runCommand } from '../../cli/operator-commands.ts';
