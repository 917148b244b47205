// The configuration every new trip starts with (docs/decisions.md#trip-configuration).
export function defaultConfiguration() {
  return {
    version: '1.0.0',
    blocks: [],
    contact: {},
    settings: {
      canDownloadPdf: true,
      canCreateCopy: false,
      hasExpiration: false,
      language: 'en',
      startOfTheWeek: 'monday',
      timeFormat: '24h',
      dateFormat: 'DD/MM/YYYY',
      timezone: 'UTC',
      currencySymbolPosition: 'end',
      decimalSeparator: ',',
      currency: 'EUR',
    },
    moreInfo: { enabled: false, fields: [] },
    theme: { headerImage: { config: 'cover' } },
    images: { files: [] },
  };
}
