import { jsonBodyProblem } from './json-body.middleware';

const post = (headers: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-length': '2', ...headers },
});

describe('jsonBodyProblem', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON; Charset="UTF-8"',
    'application/json ;charset=utf-8',
  ])('reads %s', (contentType) => {
    expect(jsonBodyProblem(post({ 'content-type': contentType }))).toBeUndefined();
  });

  it.each([
    ['application/x-www-form-urlencoded', /application\/x-www-form-urlencoded is not accepted/],
    ['text/plain', /text\/plain is not accepted/],
    ['multipart/form-data; boundary=x', /multipart\/form-data is not accepted/],
    ['application/json;;;', /malformed/],
    ['application/json; charset="', /malformed/],
    ['application/json, text/plain', /malformed/],
    ['', /no Content-Type/],
    ['application/json; charset=latin1', /charset latin1 is not supported/],
  ])('refuses a body sent as "%s"', (contentType, message) => {
    expect(jsonBodyProblem(post({ 'content-type': contentType }))).toMatch(message);
  });

  it('refuses a body without a Content-Type, chunked or not', () => {
    expect(jsonBodyProblem(post({}))).toMatch(/no Content-Type/);
    expect(jsonBodyProblem({ method: 'DELETE', headers: { 'transfer-encoding': 'chunked' } })).toMatch(
      /no Content-Type/,
    );
  });

  it('lets requests without a body through, whatever their Content-Type', () => {
    expect(jsonBodyProblem({ method: 'POST', headers: { 'content-type': 'text/plain' } })).toBeUndefined();
    expect(jsonBodyProblem({ method: 'GET', headers: { 'content-length': '5' } })).toBeUndefined();
    expect(
      jsonBodyProblem({ method: 'POST', headers: { 'content-length': '0', 'content-type': 'text/plain' } }),
    ).toBeUndefined();
  });
});
