// Mantine's PostCSS setup (https://mantine.dev/styles/postcss-preset/). The breakpoints mirror
// src/theme.ts; xs is the spec's mobile boundary (spec §9: under 640px is mobile).
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '40em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    },
  },
};
