import { PASSWORD_PROBLEMS, passwordProblem } from './password-strength';

const owner = { email: 'Dana.Reyes@example.com', firstName: 'Dana', lastName: 'Reyes' };

describe('passwordProblem', () => {
  it('accepts a long, unusual passphrase', async () => {
    expect(await passwordProblem('correct-Horse-battery-9', owner)).toBeNull();
    expect(await passwordProblem('rolling amber kettle under moss', owner)).toBeNull();
  });

  it.each(['password123', 'Password1234', 'qwertyuiop', '1234567890', 'iloveyou2024', 'aaaaaaaaaaaa'])('refuses the guessable %p', async (password) => {
    expect(await passwordProblem(password, owner)).toBe(PASSWORD_PROBLEMS.guessable);
  });

  it('refuses the e-mail address itself, in any case', async () => {
    expect(await passwordProblem('dana.reyes@EXAMPLE.com', owner)).toBe(PASSWORD_PROBLEMS.isEmail);
  });

  it("refuses a password holding the e-mail's local part, unless that is very short", async () => {
    expect(await passwordProblem('xX-DANA.REYES-rocks-42', owner)).toBe(PASSWORD_PROBLEMS.containsEmail);
    expect(await passwordProblem('jo-walks-amber-kettles-9', { email: 'jo@example.com' })).toBeNull();
  });

  it("counts the owner's name as an easy guess", async () => {
    expect(await passwordProblem('Zyxwquor1990', { email: 'someone@example.com' })).toBeNull();
    expect(await passwordProblem('Zyxwquor1990', { email: 'someone@example.com', lastName: 'Zyxwquor' })).toBe(PASSWORD_PROBLEMS.guessable);
  });
});
