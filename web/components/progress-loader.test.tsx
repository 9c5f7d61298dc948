// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { ProgressLoader, planeOffsetPx } from './progress-loader.tsx';

describe('the loader', () => {
  it('keeps the plane within the 320 px track', () => {
    expect(planeOffsetPx(0)).toBe(0);
    expect(planeOffsetPx(50)).toBe(146);
    expect(planeOffsetPx(100)).toBe(292);
    expect(planeOffsetPx(250)).toBe(292);
    expect(planeOffsetPx(-5)).toBe(0);
  });

  it('shows the status text and the percentage when there is one', () => {
    renderWithApp(<ProgressLoader status="Scanning Star Alliance" percent={40} />);
    expect(screen.getByText('Scanning Star Alliance')).toBeTruthy();
    expect(screen.getByText('40% done')).toBeTruthy();
    expect(screen.getByTestId('loader-plane').style.transform).toBe('translateX(117px)');
  });

  it('says it is loading when given no status, with no percentage', () => {
    renderWithApp(<ProgressLoader />);
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    expect(screen.queryByText(/% done/)).toBeNull();
  });
});
