/** The embedded Google Maps view of a point (the page's frame-src allows this origin). */
export function mapEmbedUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps?q=${String(latitude)},${String(longitude)}&z=15&output=embed`;
}
