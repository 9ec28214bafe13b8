import { describe, expect, it } from 'vitest';
import { canListenWhileGenerating, completedLabel, failureText, formatAge, hasRecentActivity, progressOf, widgetSections, type GenerationStatusItem } from './statusItems';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
const item = (overrides: Partial<GenerationStatusItem>): GenerationStatusItem => ({
  requestId: '1',
  status: 'pending',
  createdAt: ago(5),
  title: null,
  genres: ['lo-fi'],
  moods: ['chill'],
  error: null,
  progress: { stage: 'Starting...', percentage: 0 },
  ...overrides,
});

describe('generation status widget rules', () => {
  it('keeps completed items for 60 s and failed ones for 120 s', () => {
    const sections = widgetSections(
      {
        active: [item({ requestId: 'a', status: 'generating' }), item({ requestId: 'b', status: 'processing' })],
        completed: [
          item({ requestId: 'c1', status: 'completed', createdAt: ago(59) }),
          item({ requestId: 'c2', status: 'completed', createdAt: ago(61) }),
          item({ requestId: 'f1', status: 'failed', createdAt: ago(119) }),
          item({ requestId: 'f2', status: 'failed', createdAt: ago(121) }),
        ],
      },
      NOW,
    );
    expect(sections.inProgress.map((i) => i.requestId)).toEqual(['a', 'b']);
    expect(sections.justCompleted.map((i) => i.requestId)).toEqual(['c1']);
    expect(sections.recentFailures.map((i) => i.requestId)).toEqual(['f1']);
    expect(hasRecentActivity(sections)).toBe(true);
    expect(hasRecentActivity(widgetSections({ active: [], completed: [item({ status: 'completed', createdAt: ago(90) })] }, NOW))).toBe(false);
  });

  it('formats ages in seconds under a minute, else minutes', () => {
    expect(formatAge(ago(0), NOW)).toBe('0s ago');
    expect(formatAge(ago(59), NOW)).toBe('59s ago');
    expect(formatAge(ago(60), NOW)).toBe('1m ago');
    expect(formatAge(ago(119), NOW)).toBe('1m ago');
    expect(formatAge(ago(120), NOW)).toBe('2m ago');
  });

  it('labels, failure texts and progress defaults', () => {
    expect(completedLabel(item({ title: 'Night Drive' }))).toBe('Night Drive');
    expect(completedLabel(item({ title: null }))).toBe('lo-fi · chill');
    expect(failureText(item({ error: 'Rendering audio failed: out of memory' }))).toBe('Rendering audio failed: out of memory');
    expect(failureText(item({ error: null }))).toBe('Unknown error occurred');
    expect(failureText(item({ error: '' }))).toBe('Unknown error occurred');
    expect(progressOf(item({ progress: null }))).toEqual({ stage: 'Starting...', percentage: 0 });
    expect(progressOf(item({ progress: { stage: '', percentage: 40 } }))).toEqual({ stage: 'Starting...', percentage: 40 });
  });
});

describe('listening while a song is generated', () => {
  const stages = ['Understanding prompt', 'Composing', 'Rendering audio', 'Mastering', 'Encoding', 'Painting cover art', 'Saving'];
  it('is possible from encoding on, while the request is still in progress', () => {
    expect(canListenWhileGenerating('generating', stages, 'Mastering')).toBe(false);
    expect(canListenWhileGenerating('generating', stages, 'Encoding')).toBe(true);
    expect(canListenWhileGenerating('generating', stages, 'Saving')).toBe(true);
    expect(canListenWhileGenerating('completed', stages, 'Saving')).toBe(false);
    expect(canListenWhileGenerating('generating', [], 'Encoding')).toBe(false);
  });
});
