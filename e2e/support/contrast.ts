import type { Locator } from '@playwright/test';

/**
 * The WCAG contrast ratio of an element's text against the first opaque background behind it
 * (its own or an ancestor's), as the browser paints both: a 1x1 canvas turns any CSS colour
 * (oklch, color-mix, alpha) into sRGB, blended on that background. AA asks 4.5 for body text.
 */
export async function textContrast(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const pixel = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const paint = (color: string) => {
      pixel.fillStyle = color;
      pixel.fillRect(0, 0, 1, 1);
      return Array.from(pixel.getImageData(0, 0, 1, 1).data.slice(0, 3));
    };
    let behind: Element | null = element;
    while (behind && getComputedStyle(behind).backgroundColor === 'rgba(0, 0, 0, 0)') {
      behind = behind.parentElement;
    }
    const background = paint(behind ? getComputedStyle(behind).backgroundColor : 'white');
    // Painted over the background: a translucent colour blends as it does on the screen.
    const text = paint(getComputedStyle(element).color);
    const luminance = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((channel) => {
        const c = channel / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [lighter, darker] = [luminance(text), luminance(background)].sort((a, b) => b - a);
    return (lighter! + 0.05) / (darker! + 0.05);
  });
}
