// The home feature's public face (the lobby below the hero is a lazy chunk of its own).
export { HomePage } from './HomePage';
