/** The renderer's entry. The order matters: boot asks main for the state, then the UI loads. */
import './boot';
import './components/tt-app';
