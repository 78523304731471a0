import { chatCompletionBody, completionContent } from './chat-completion';

const choice = (message: object, finish_reason = 'stop') => ({ choices: [{ index: 0, message, finish_reason }] });

describe('chatCompletionBody', () => {
  it('asks for structured output in the given schema at a low temperature', () => {
    const schema = { type: 'object', properties: {}, required: [], additionalProperties: false };
    const body = chatCompletionBody('gpt-4.1-mini', [{ role: 'user', content: 'hi' }], { name: 'call_analysis', schema });
    expect(body).toEqual({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'hi' }],
      temperature: 0.2,
      response_format: { type: 'json_schema', json_schema: { name: 'call_analysis', strict: true, schema } },
    });
  });
});

describe('completionContent', () => {
  it('takes the first choice’s content', () => {
    expect(completionContent(choice({ role: 'assistant', content: '{"a":1}', refusal: null }))).toEqual({ ok: true, content: '{"a":1}' });
  });

  it.each([
    ['a refusal', choice({ content: null, refusal: 'No.' }), 'refusal'],
    ['a filtered answer', choice({ content: '' }, 'content_filter'), 'refusal'],
    ['a truncated answer', choice({ content: '{"summ' }, 'length'), 'invalid_output'],
    ['an empty answer', choice({ content: '  ' }), 'invalid_output'],
    ['no choices', { choices: [] }, 'invalid_output'],
    ['a body of another shape', 'hello', 'invalid_output'],
  ])('reports %s as %s', (_name, body, reason) => {
    expect(completionContent(body)).toMatchObject({ ok: false, reason });
  });
});
