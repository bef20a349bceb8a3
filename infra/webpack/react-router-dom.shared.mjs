// What the shell and the remotes use of react-router-dom, shared under the 'react-router-dom'
// singleton key (infra/webpack/shared.js). A shared module keeps every export (its consumers are
// unknown at build time), and react-router v7 carries its data routers and server rendering too;
// naming the parts Lakorn uses lets webpack drop the rest from the first load (ARCHITECTURE §9).
// infra/test/webpackShared.test.ts fails when a front end imports a name missing here.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Route,
  Routes,
  matchPath,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
