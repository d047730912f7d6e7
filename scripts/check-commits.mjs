// Every commit since the rule began: a subject of at most 72 characters, a blank line, then a body
// that says why. Merge commits are exempt. A clone without the starting commit (shallow) has
// nothing this script can judge: it says so and passes.
import { execFileSync } from 'node:child_process';

const START = 'e131b54';
const MAX_SUBJECT = 72;

const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

try {
  git('cat-file', '-e', `${START}^{commit}`);
} catch {
  console.log(`check-commits: ${START} is not in this clone (shallow?), so no commit is checked.`);
  process.exit(0);
}

const problems = [];
const commits = git('log', '--no-merges', '-z', '--format=%h%n%B', `${START}..HEAD`).split('\0').filter(Boolean);
for (const commit of commits) {
  const [hash, subject = '', separator, ...body] = commit.replace(/\n+$/, '').split('\n');
  const fault = [];
  if (subject.length > MAX_SUBJECT) fault.push(`subject of ${subject.length} characters (at most ${MAX_SUBJECT})`);
  if (separator !== undefined && separator.trim() !== '') fault.push('no blank line after the subject');
  else if (body.every((line) => line.trim() === '')) fault.push('no body saying why');
  if (fault.length > 0) problems.push(`${hash} ${subject}\n    ${fault.join('; ')}`);
}

if (problems.length > 0) {
  console.error(`check-commits: ${problems.length} commit message(s) break the rule:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`check-commits: ${commits.length} commit(s) since ${START}, each with a short subject and a body.`);
