import { validateWorkflow, type ValidationError } from '@action-validator/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The GitHub Actions workflow, checked offline by action-validator (the SchemaStore workflow schema, compiled in).
const file = join(import.meta.dirname, '../../.github/workflows/ci.yml');
const source = readFileSync(file, 'utf8');

/** Every error the validator reports, nested ones included, as "path: what". */
function problems(yaml: string): string[] {
  const flatten = (errors: ValidationError[]): string[] =>
    errors.flatMap((error) => [
      `${'path' in error ? error.path : `line ${error.location?.line ?? '?'}`}: ${error.detail ?? error.title}`,
      ...('states' in error && error.states ? error.states.flatMap((state) => flatten(state.errors)) : []),
    ]);
  return flatten(validateWorkflow(yaml).errors);
}

describe('.github/workflows/ci.yml', () => {
  it('is a valid GitHub Actions workflow', () => {
    expect(problems(source)).toEqual([]);
  });

  it('runs .ci/run (npm ci, then npm test) in debian:bookworm on pushes and pull requests, and keeps reports/', () => {
    const workflow = parse(source) as {
      on: Record<string, unknown>;
      jobs: Record<
        string,
        { container: { image: string }; steps: { uses?: string; run?: string; with?: Record<string, string> }[] }
      >;
    };
    expect(Object.keys(workflow.on)).toEqual(['push', 'pull_request']);
    const [job] = Object.values(workflow.jobs);
    expect(job!.container.image).toBe('debian:bookworm');
    const step = (action: string) => job!.steps.find((each) => each.uses?.startsWith(`${action}@`));
    expect(step('actions/setup-node')?.with?.cache).toBe('npm');
    expect(job!.steps.map((each) => each.run)).toContain('bash .ci/run');
    expect(step('actions/upload-artifact')?.with?.path).toBe('reports/');
    expect(readFileSync(join(import.meta.dirname, '../../.ci/run'), 'utf8')).toMatch(/^npm ci\nnpm test$/m);
  });

  it('reports a job without runs-on, and a misspelt key', () => {
    expect(problems(source.replace(/^ {4}runs-on: .*\n/m, ''))).toContain(
      '/jobs/test/runs-on: This property is required',
    );
    expect(problems(source.replace('    steps:', '    step:')).join('\n')).toMatch(
      /Additional property 'step' is not allowed/,
    );
  });

  it('reports YAML that does not parse', () => {
    expect(problems('jobs:\n  test: [\n')).not.toEqual([]);
  });
});
