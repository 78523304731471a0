import { SafeInputPipe } from './safe-input.pipe';
import { ValidationFailedException } from './validation-failed.exception';

const pipe = new SafeInputPipe();

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailedException);
    return (error as ValidationFailedException).body;
  }
  throw new Error('expected a refusal');
}

describe('SafeInputPipe', () => {
  it('passes safe values through untouched', () => {
    const body = { anon_ids: ['anon_1'], note: 'two\nlines' };
    expect(pipe.transform(body, { type: 'body' })).toBe(body);
    expect(pipe.transform('call_1', { type: 'param', data: 'id' })).toBe('call_1');
  });

  it('names a body field by its dotted path', () => {
    expect(refusal(() => pipe.transform({ anon_ids: ['a', 'b', 'c\u0000'] }, { type: 'body' }))).toEqual({
      error: 'validation_error',
      detail: 'anon_ids.2: must not contain a control character (U+0000)',
      fields: { 'anon_ids.2': ['must not contain a control character (U+0000)'] },
    });
  });

  it('names a path parameter by its name and a query field by its key', () => {
    expect(refusal(() => pipe.transform('call_\n', { type: 'param', data: 'id' }))).toMatchObject({ fields: { id: [expect.any(String)] } });
    expect(refusal(() => pipe.transform({ status: 'x\t' }, { type: 'query' }))).toMatchObject({ fields: { status: [expect.any(String)] } });
  });

  it('leaves custom parameters (the caller, the user) alone', () => {
    expect(pipe.transform({ userAgent: 'curl\u0000' }, { type: 'custom' })).toEqual({ userAgent: 'curl\u0000' });
  });
});
