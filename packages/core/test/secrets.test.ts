import { describe, expect, it } from 'vitest';
import { redactUrl, scrubSecrets } from '../src/index.js';
import { SECRET_QUERY_PARAMS } from '../src/params/secrets.js';

describe('scrubSecrets', () => {
  it('takes out userinfo, bearer tokens and secret query parameters, nothing else', () => {
    expect(scrubSecrets('https://u:p@h.example/x?token=abc&start=2024-01-01&signature=s1')).toBe(
      'https://h.example/x?token=[redacted]&start=2024-01-01&signature=[redacted]',
    );
    expect(scrubSecrets('401 for Bearer abc.def, retrying')).toBe('401 for Bearer [redacted], retrying');
    expect(scrubSecrets('/markets/US.NYSE/holidays?start=2024-01-01&end=2024-12-31')).toBe(
      '/markets/US.NYSE/holidays?start=2024-01-01&end=2024-12-31',
    );
    expect(scrubSecrets("fetch 'https://h/x?API_KEY=k1' failed")).toBe("fetch 'https://h/x?API_KEY=[redacted]' failed");
  });
  it('takes out every secret parameter by name, in any case (text without one is looked at once and kept)', () => {
    for (const name of SECRET_QUERY_PARAMS) {
      for (const n of [name, name.toUpperCase()])
        expect(scrubSecrets(`/x?a=1&${n}=v&b=2`)).toBe(`/x?a=1&${n}=[redacted]&b=2`);
    }
  });
  it('redactUrl hides the whole query', () => {
    expect(redactUrl('https://u:p@h.example/a/b.zip?X-Amz-Signature=abc#f')).toBe(
      'https://h.example/a/b.zip?[redacted]',
    );
  });
});
