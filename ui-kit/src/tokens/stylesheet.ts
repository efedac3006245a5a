// The tokens' stylesheet as a build entry of its own, so that the library's JavaScript and its published
// types never import CSS (an outside TypeScript app cannot resolve a `.css` import in a .d.ts). The build
// gathers every stylesheet into dist/styles.css.
import './index.css';
