// keycloak-js's silent check-sso: the provider sends its answer to this page in a hidden iframe; hand it to the app.
parent.postMessage(location.href, location.origin);
