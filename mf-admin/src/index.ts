// The async boundary Module Federation needs before shared singletons are used (ARCHITECTURE §9).
import('./bootstrap');
