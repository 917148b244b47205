// The traveller pages' stylesheet, inlined in each page (one request less on a phone) and allowed
// by its hash. Colours and font come from the theme's custom properties (layout.ts themeStyle).
export const PAGE_STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:var(--font);color:#1d2127;background:#fff;line-height:1.55;font-size:1.0625rem}
img{max-width:100%;height:auto}
a{color:var(--accent-strong)}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible,summary:focus-visible{outline:3px solid var(--accent-strong);outline-offset:2px}
.visually-hidden{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
.skip{position:absolute;left:.5rem;top:-3rem;background:#fff;color:#1d2127;padding:.5rem 1rem;z-index:10}
.skip:focus{top:.5rem}
.hero{position:relative;background:#f2f4f7;border-bottom:6px solid var(--accent)}
.hero-image{display:block;width:100%;height:min(52vh,30rem);object-fit:cover;background:#e5e8ec}
.hero.contain .hero-image{object-fit:contain}
.hero-text{max-width:72rem;margin:0 auto;padding:1.25rem 1rem 1.5rem}
.logo{display:block;max-height:4rem;width:auto;margin-bottom:.75rem}
h1{font-size:clamp(1.75rem,4vw,2.75rem);line-height:1.15;margin:.25rem 0 .5rem}
h2{font-size:1.5rem;margin:2rem 0 .75rem}
h3{font-size:1.25rem;margin:1.25rem 0 .5rem}
h4,h5,h6{font-size:1.0625rem;margin:.25rem 0 .5rem}
.facts{display:flex;flex-wrap:wrap;gap:.25rem 1.5rem;margin:0;padding:0;list-style:none;color:#3b424c}
.lead{max-width:48rem}
.layout{max-width:72rem;margin:0 auto;padding:0 1rem 3rem}
.days-nav ol{list-style:none;margin:1rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.5rem}
.days-nav a{display:inline-block;padding:.5rem .75rem;min-height:44px;border:1px solid #c6ccd4;border-radius:999px;text-decoration:none}
@media (min-width:60rem){
 .nav-verticalLeft .layout,.nav-verticalRight .layout{display:grid;grid-template-columns:14rem 1fr;gap:2rem;align-items:start}
 .nav-verticalRight .layout{grid-template-columns:1fr 14rem}
 .nav-verticalRight .days-nav{order:2}
 .nav-verticalLeft .days-nav,.nav-verticalRight .days-nav{position:sticky;top:1rem}
 .nav-verticalLeft .days-nav ol,.nav-verticalRight .days-nav ol{flex-direction:column}
 .nav-verticalLeft .days-nav a,.nav-verticalRight .days-nav a{border-radius:.5rem;display:block}
}
.block{margin:0 0 1rem}
.day,.gallery-section,.contact-section,.join-section{content-visibility:auto;contain-intrinsic-size:auto 40rem}
.day{border-top:1px solid #dde1e6;padding-top:.5rem}
.day-number{color:var(--accent-strong)}
.day-date{font-weight:400;color:#3b424c}
article.block{border-left:4px solid var(--accent);padding:.5rem 0 .5rem 1rem;background:#fafbfc}
.kind{display:inline-block;font-size:.8125rem;text-transform:uppercase;letter-spacing:.04em;color:#3b424c;margin-right:.35rem}
.route{font-size:1.25rem;font-weight:600;margin:.25rem 0}
dl{margin:.25rem 0;display:grid;gap:.125rem}
dl div{display:flex;flex-wrap:wrap;gap:.5rem}
dt{font-weight:600;min-width:7rem}
dd{margin:0}
.plus-days{font-size:.8125rem;font-weight:700;text-decoration:none;vertical-align:super}
.amount{font-size:1.25rem;margin:.25rem 0}
.place,.nights{margin:.125rem 0;color:#3b424c}
details.block{border:1px solid #dde1e6;border-radius:.5rem;padding:.5rem 1rem}
summary{cursor:pointer;font-weight:600;min-height:44px;display:flex;align-items:center}
.gallery{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.75rem}
.gallery img{display:block;width:100%;aspect-ratio:4/3;object-fit:cover;border-radius:.5rem;background:#e5e8ec}
.gallery img.contain{object-fit:contain}
.contact{border:1px solid #dde1e6;border-radius:.75rem;padding:1rem 1.25rem;display:flex;gap:1rem;align-items:flex-start;flex-wrap:wrap}
.contact img{width:5rem;height:5rem;border-radius:50%;object-fit:cover}
.contact h3{margin-top:0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin:1.5rem 0}
.button,button{display:inline-flex;align-items:center;min-height:44px;padding:.5rem 1.25rem;border-radius:.5rem;border:2px solid var(--accent-strong);background:var(--accent-strong);color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button.secondary{background:#fff;color:var(--accent-strong)}
form.join{max-width:36rem}
.field{margin:0 0 1rem}
.field label{display:block;font-weight:600;margin-bottom:.25rem}
.field.check label{display:flex;gap:.5rem;align-items:center;font-weight:400}
input,select,textarea{font:inherit;width:100%;padding:.5rem .625rem;border:1px solid #6b7480;border-radius:.375rem;min-height:44px;background:#fff;color:#1d2127}
input[type=checkbox]{width:1.5rem;min-height:1.5rem}
.error{color:#b00020;font-weight:600;margin:.25rem 0 0}
.notice{border:2px solid var(--accent-strong);border-radius:.5rem;padding:1rem;margin:1rem 0;background:#fff}
.notice.problem{border-color:#b00020}
.cards{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr));gap:1rem}
.card{border:1px solid #dde1e6;border-radius:.75rem;overflow:hidden;display:flex;flex-direction:column;height:100%}
.card img{display:block;width:100%;aspect-ratio:16/10;object-fit:cover;background:#e5e8ec}
.card-body{padding:.75rem 1rem 1rem}
.card h2{font-size:1.25rem;margin:.25rem 0}
.filters{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-end;border:0;padding:0;margin:1rem 0}
.filters .field{margin:0;min-width:12rem}
.pager{display:flex;gap:1rem;margin:1.5rem 0}
footer.site{border-top:1px solid #dde1e6;margin-top:2rem;padding:1rem;text-align:center;color:#3b424c}
@media print{.days-nav,.actions,form.join,.skip,.join-section{display:none}.hero-image{height:auto;max-height:12cm}article.block{break-inside:avoid}}
`
  .trim()
  .replace(/\n\s*/g, '');
