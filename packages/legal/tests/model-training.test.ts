/**
 * Whether personal data trains AI models: a fact of each kind of data (`trains`) and of each recipient, which the
 * privacy policy states in one sentence ({{practices.modelTraining}}) and the data file keeps consistent with the
 * labels: a recipient that trains on what it receives is a third party, so both labels show the data as shared.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { practiceBlocks, type BlockWords } from '../src/practices/policyBlocks.ts';
import { parseDataPractices } from '../src/practices/practices.ts';
import { dataPracticesPath } from '../src/practices/read.node.ts';

type Raw = {
  recipients: Record<string, { kind: string; trains?: boolean; label: string }>;
  data: { id: string; label: string; purposes: string[]; recipients: string[]; trains?: string[] }[];
};
const shipped = parse(readFileSync(dataPracticesPath, 'utf8')) as Raw;
// A fixture of the shipped file: its first kind of data, and a third party of its own that trains on what it gets.
const fixture = (edit: (raw: Raw) => void) => {
  const raw = structuredClone(shipped);
  const kind = raw.data.find(({ recipients }) => recipients.includes('hosting'))!;
  raw.recipients.trainer = {
    label: 'Model lab',
    kind: 'third-party',
    trains: true,
    keeps: 'to train its models',
    purposes: kind.purposes,
  } as never;
  raw.data = [{ ...kind, recipients: ['hosting'] }];
  edit(raw);
  return stringify(raw);
};
const errorOf = (source: string) => {
  try {
    parseDataPractices(source, 'fixture.yaml');
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};
// Each line of words is its name with its values, so the test reads which line the block chose, filled.
const words = new Proxy({}, { get: (_, key) => `${String(key)}: {{recipient}} {{items}}` }) as BlockWords;

describe('model training', () => {
  it('says no data trains a model when none does', () => {
    expect(
      practiceBlocks.modelTraining(
        parseDataPractices(
          fixture(() => {}),
          'fixture.yaml',
        ),
        words,
      ),
    ).toBe('trainsNone: {{recipient}} {{items}}');
  });

  it('names the kinds that train our own models, and the recipient that trains its own on what it receives', () => {
    const source = fixture((raw) => {
      raw.data[0]!.trains = ['own', 'provider'];
      raw.data[0]!.recipients.push('trainer');
    });
    const label = shipped.data.find(({ recipients }) => recipients.includes('hosting'))!.label.toLowerCase();
    expect(practiceBlocks.modelTraining(parseDataPractices(source, 'fixture.yaml'), words)).toBe(
      `trainsOwn: {{recipient}} ${label} trainsProvider: Model lab ${label}`,
    );
  });

  it('stops on a kind sent to a recipient that trains on it without saying so, and on one that says so with none', () => {
    const unsaid = fixture((raw) => raw.data[0]!.recipients.push('trainer'));
    expect(errorOf(unsaid)).toMatch(
      /trains is missing; expected a list with provider: it goes to trainer, which trains its models/,
    );
    const unsent = fixture((raw) => (raw.data[0]!.trains = ['provider']));
    expect(errorOf(unsent)).toMatch(
      /trains is \["provider"\]; expected no provider: none of its recipients \(hosting\) trains/,
    );
  });

  it('stops on a service provider that trains on what it receives: the labels would not show it as shared', () => {
    const provider = fixture((raw) => (raw.recipients.trainer!.kind = 'service-provider'));
    expect(errorOf(provider)).toMatch(
      /recipients\.trainer\.kind is "service-provider"; expected third-party: recipients\.trainer\.trains is true/,
    );
  });
});
