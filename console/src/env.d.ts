// Vite resolves CSS imports; TypeScript only needs to know they exist.
declare module '*.css';
